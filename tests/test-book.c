/* test-book.c: the campaign book's operations, their undo and redo, and
 * the read side
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every state is compared through the read side: the JSON of the
 * NileCampaignBook, which is what the window binds and `show` prints.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <json-glib/json-glib.h>

#include "nile-cache.h"
#include "nile-bonus-discovery.h"
#include "nile-vp-entry.h"
#include "nile-campaign-book.h"
#include "nile-campaign.h"
#include "nile-epic-journey.h"
#include "nile-encounter.h"
#include "nile-error.h"
#include "nile-explorer.h"
#include "nile-log-entry.h"
#include "nile-enum-types.h"
#include "nile-operation.h"
#include "nile-player.h"
#include "nile-roll-result.h"
#include "nile-tribe.h"

typedef struct {
  char             *dir;
  NileCampaign     *campaign;
  NileCampaignBook *book;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  fixture->dir = g_dir_make_tmp ("nile-book-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (fixture->dir, "campaign.nile", NULL);
  fixture->campaign = nile_campaign_create (path, &error);
  g_assert_no_error (error);
  fixture->book = nile_campaign_book_new (fixture->campaign);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_assert_finalize_object (fixture->book);
  g_assert_finalize_object (fixture->campaign);

  dir = g_dir_open (fixture->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (fixture->dir, name, NULL);

      g_remove (child);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
}

static char *
snapshot (Fixture *fixture)
{
  g_autoptr(JsonNode) node = nile_campaign_book_to_json (fixture->book);

  return json_to_string (node, TRUE);
}

/* Applies @op with "key=value" arguments as the command line would. */
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

/* The operation fails with @code, its message mentions @words, and the
 * book reads exactly as before. */
#define apply_fails(fixture, code, words, name, ...) \
  G_STMT_START { \
    g_autoptr(GError) apply_error = NULL; \
    g_autofree char *apply_before = snapshot (fixture); \
    g_autofree char *apply_after = NULL; \
    const char *apply_args[] = { __VA_ARGS__, NULL }; \
    g_assert_false (apply_strv ((fixture), (name), apply_args, &apply_error)); \
    g_assert_error (apply_error, NILE_ERROR, (code)); \
    if (strstr (apply_error->message, (words)) == NULL) \
      g_error ("“%s” does not mention “%s”", apply_error->message, (words)); \
    apply_after = snapshot (fixture); \
    g_assert_cmpstr (apply_before, ==, apply_after); \
  } G_STMT_END

/* Applies, checks that the book changed, undoes (the book reads as
 * before), redoes (as after). */
#define check_undo_redo(fixture, name, ...) \
  G_STMT_START { \
    g_autoptr(GError) step_error = NULL; \
    g_autofree char *step_before = snapshot (fixture); \
    g_autofree char *step_after = NULL; \
    g_autofree char *step_undone = NULL; \
    g_autofree char *step_redone = NULL; \
    apply_ok ((fixture), (name), __VA_ARGS__); \
    step_after = snapshot (fixture); \
    g_assert_cmpstr (step_before, !=, step_after); \
    nile_campaign_undo ((fixture)->campaign, &step_error); \
    g_assert_no_error (step_error); \
    step_undone = snapshot (fixture); \
    g_assert_cmpstr (step_before, ==, step_undone); \
    nile_campaign_redo ((fixture)->campaign, &step_error); \
    g_assert_no_error (step_error); \
    step_redone = snapshot (fixture); \
    g_assert_cmpstr (step_after, ==, step_redone); \
    covered_add (name); \
  } G_STMT_END

static GHashTable *covered;
/* This test program, to run the cases that cover the operations again. */
static char *self_path;

/* Where a run started by cases_cover() writes what it covered. */
#define COVERED_OUT_ENV "NILE_TEST_BOOK_COVERED_OUT"

static void
covered_add (const char *name)
{
  g_hash_table_add (covered, g_strdup (name));
}

/* Runs the other /book cases in a child and adds what they covered, so
 * that /book/every-operation-tested checks the same on its own as after
 * them. */
static void
cases_cover (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out_path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) env = NULL;
  g_auto(GStrv) names = NULL;
  int fd, wait_status;
  const char *argv[] = { self_path, "-q", "-p", "/book", "-s", "/book/every-operation-tested", NULL };

  fd = g_file_open_tmp ("nile-book-covered-XXXXXX", &out_path, &error);
  g_assert_no_error (error);
  close (fd);
  env = g_environ_setenv (g_get_environ (), COVERED_OUT_ENV, out_path, TRUE);

  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &wait_status, &error));
  g_assert_no_error (error);
  g_spawn_check_wait_status (wait_status, &error);
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (out_path, &contents, NULL, &error));
  g_assert_no_error (error);
  g_remove (out_path);
  names = g_strsplit (contents, "\n", -1);
  for (guint i = 0; names[i] != NULL; i++)
    if (names[i][0] != '\0')
      covered_add (names[i]);
}

static void
covered_write (const char *path)
{
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  GHashTableIter iter;
  gpointer name;

  g_hash_table_iter_init (&iter, covered);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    g_string_append_printf (names, "%s\n", (const char *) name);
  g_assert_true (g_file_set_contents (path, names->str, names->len, &error));
  g_assert_no_error (error);
}

static NileExplorer *
explorer_of (Fixture    *fixture,
             const char *player)
{
  GListModel *explorers = nile_campaign_book_get_explorers (fixture->book);

  for (guint i = g_list_model_get_n_items (explorers); i > 0; i--)
    {
      g_autoptr(NileExplorer) explorer = g_list_model_get_item (explorers, i - 1);

      if (g_str_equal (nile_explorer_get_player (explorer), player))
        return explorer;  /* the list keeps it alive */
    }

  g_assert_not_reached ();
}

/* Anna and Burton, Anna's Stanley outfitted at Zanzibar and in Africa. */
static void
start_game (Fixture *fixture)
{
  apply_ok (fixture, "add-player", "name=Anna", "colour=red");
  apply_ok (fixture, "add-player", "name=Burton");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Anna", "kind=bearers", "count=18", "cost=180");
  apply_ok (fixture, "outfit", "player=Anna", "kind=rations", "count=85", "cost=85");
  apply_ok (fixture, "outfit", "player=Anna", "kind=gifts", "count=47", "cost=94");
  apply_ok (fixture, "outfit", "player=Anna", "kind=muskets", "count=15", "cost=150");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
}

/* Each player ends his turn in order until @player plays in a later
 * turn than this one; an expedition left in the interior ends it on
 * the veldt. */
static void
play_on_to (Fixture    *fixture,
            const char *player)
{
  int turn = nile_campaign_book_get_turn (fixture->book);

  while (nile_campaign_book_get_turn (fixture->book) == turn ||
         g_strcmp0 (nile_campaign_book_get_current_player (fixture->book), player) != 0)
    {
      g_autofree char *ending = g_strconcat ("player=", nile_campaign_book_get_current_player (fixture->book),
                                             NULL);

      apply_ok (fixture, "end-turn", ending, "terrain=veldt");
    }
}

/* Back to port, and the turn after a turn at sea, which his end of turn
 * ends in Europe (R 21.4). */
static void
go_to_europe (Fixture    *fixture,
              const char *player)
{
  g_autofree char *arg = g_strconcat ("player=", player, NULL);

  apply_ok (fixture, "move", arg, "status=in-port", "hex=Zanzibar", "distance=0");
  play_on_to (fixture, player);
  apply_ok (fixture, "move", arg, "status=at-sea");
  play_on_to (fixture, player);
  g_assert_cmpstr (nile_explorer_get_status (explorer_of (fixture, player)), ==, "in-europe");
}

static void
test_book_players (Fixture       *fixture,
                   gconstpointer  data)
{
  GListModel *players = nile_campaign_book_get_players (fixture->book);

  check_undo_redo (fixture, "set-campaign", "game=1", "goal=40", "edition=ah", "name=Nile 1862");
  g_assert_cmpstr (nile_campaign_book_get_name (fixture->book), ==, "Nile 1862");
  g_assert_cmpint (nile_campaign_book_get_game (fixture->book), ==, 1);
  g_assert_cmpint (nile_campaign_book_get_goal (fixture->book), ==, 40);
  check_undo_redo (fixture, "add-player", "name=Anna", "colour=red");
  check_undo_redo (fixture, "add-player", "name=Burton");
  check_undo_redo (fixture, "add-player", "name=Cole");
  g_assert_cmpuint (g_list_model_get_n_items (players), ==, 3);
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Anna");

  check_undo_redo (fixture, "rename-player", "player=Cole", "name=Clapperton");
  check_undo_redo (fixture, "reorder-player", "player=Clapperton", "position=1");
  {
    g_autoptr(GObject) first = g_list_model_get_item (players, 0);
    g_autofree char *name = NULL;

    g_object_get (first, "name", &name, NULL);
    g_assert_cmpstr (name, ==, "Clapperton");
  }

  apply_fails (fixture, NILE_ERROR_CONFLICT, "already a player", "add-player", "name=anna");
  /* One colour, one player's counters; no colour at all stays free. */
  apply_fails (fixture, NILE_ERROR_CONFLICT, "Anna already plays red", "add-player", "name=Denham", "colour=Red");
  g_assert_cmpuint (g_list_model_get_n_items (players), ==, 3);
  /* A player may take a free colour, or keep his own, but not another's. */
  check_undo_redo (fixture, "recolour-player", "player=Burton", "colour=blue");
  {
    g_autoptr(NilePlayer) burton = g_list_model_get_item (players, 2);

    g_assert_cmpstr (nile_player_get_name (burton), ==, "Burton");
    g_assert_cmpstr (nile_player_get_colour (burton), ==, "blue");
  }
  apply_ok (fixture, "recolour-player", "player=Burton", "colour=Blue");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "Anna already plays red", "recolour-player", "player=Burton",
               "colour=red");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "colour", "recolour-player", "player=Burton", "colour= ");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "Livingstone", "recolour-player", "player=Livingstone",
               "colour=green");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "blank", "add-player", "name=  ");
  /* Nothing that shows, or a character that breaks a line of the log. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "blank", "add-player", "name=\u200b\u200b");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "blank", "add-player", "name=\u00a0\u3000\u200d");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "add-player", "name=An\nna");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "control character", "add-player", "name=Bell\a");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "rename-player", "player=Anna", "name=Anna\tB");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "set-campaign", "name=Nile\r1862");
  g_assert_cmpuint (g_list_model_get_n_items (players), ==, 3);

  /* Names compare without regard to case in every alphabet, as the
   * command line's lookups do: "ZOË" is Zoë, whose name is taken. */
  apply_ok (fixture, "add-player", "name=Zoë");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already a player called “Zoë”", "add-player", "name=ZOË");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already a player called “Zoë”", "rename-player", "player=Anna",
               "name=zoË");
  apply_ok (fixture, "new-explorer", "player=ZOË", "name=Tinne", "specialty=botanist", "port=Khartoum");
  apply_ok (fixture, "set-makeup", "player=zoË", "bearers=4");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Zoë"))->bearers, ==, 4);
  /* Renamed in other letters: the log says whom, as written. */
  apply_ok (fixture, "rename-player", "player=ZOË", "name=ZOË");
  {
    GListModel *log = nile_campaign_get_log (fixture->campaign);
    g_autoptr(NileLogEntry) last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);

    g_assert_cmpstr (nile_log_entry_get_summary (last), ==, "Renamed player Zoë to ZOË");
  }
  g_assert_cmpuint (g_list_model_get_n_items (players), ==, 4);
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "Livingstone", "rename-player", "player=Livingstone", "name=X");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "turn order", "reorder-player", "player=Anna", "position=5");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "edition", "set-campaign", "edition=xx");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "game", "set-campaign", "game=3");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Nothing to change", "set-campaign", NULL);
}

/* The newest line of the log, as the Log page and `nile-ledger log` show it. */
static char *
last_summary (Fixture *fixture)
{
  GListModel *log = nile_campaign_get_log (fixture->campaign);
  g_autoptr(GObject) last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  char *summary = NULL;

  g_object_get (last, "summary", &summary, NULL);
  return summary;
}

#define assert_summary(fixture, expected) \
  G_STMT_START { \
    g_autofree char *summary_text = last_summary (fixture); \
    g_assert_cmpstr (summary_text, ==, (expected)); \
  } G_STMT_END

/* The newest log line says @words, among others. */
#define assert_summary_has(fixture, words) \
  G_STMT_START { \
    g_autofree char *summary_text = last_summary (fixture); \
    if (strstr (summary_text, (words)) == NULL) \
      g_error ("“%s” does not say “%s”", summary_text, (words)); \
  } G_STMT_END

/* Every text a player types is held to what a name is: something that
 * shows, on one line, with nothing in it that turns the direction of
 * the rest of the line; blanks of any alphabet at either end are not
 * kept. */
static void
test_book_typed_text (Fixture       *fixture,
                      gconstpointer  data)
{
  start_game (fixture);

  /* Blank in every alphabet: the Hangul fillers and the empty Braille
   * cell show nothing. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "blank", "add-player", "name=\u3164");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "blank", "add-player", "name=\u115f\u1160");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "blank", "add-player", "name=\u2800 \uffa0");
  /* Unicode's own line and paragraph breaks, and a direction override
   * or isolate left open, which turns the rest of the log's line. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "add-player", "name=Cam\u2028eron");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "rename-player", "player=Burton",
               "name=Bur\u2029ton");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "control character", "add-player", "name=Cam\u202eeron");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "control character", "add-player", "name=Cam\u2067eron");

  /* The other texts the book keeps or writes in the log. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The campaign’s name cannot be blank", "rename-campaign",
               "name=\u200b");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "rename-campaign", "name=Nile\n1862");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The colour", "add-player", "name=Cameron", "colour=bl\nue");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Name the colour", "recolour-player", "player=Burton",
               "colour=\u200b");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "add-tribe", "counter=7", "hex=B1\n2",
               "size=small");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The hex cannot be blank", "add-tribe", "counter=7",
               "hex=\u200b", "size=small");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "record-hex", "player=Anna", "hex=B1\n3",
               "terrain=veldt", "vp=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "move", "player=Anna", "hex=B1\n3");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Describe the bonus", "bonus-discovery", "player=Anna",
               "description=\u00a0", "die=4");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "bonus-discovery", "player=Anna",
               "description=an\norchid", "die=4");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "explorer-dies", "player=Anna",
               "cause=fever\a");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "epic-journey", "player=Anna",
               "from=Zan\nzibar", "to=Khartoum", "hexes=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "line break", "turn-step", "player=Anna", "step=hunting",
               "value=two\nbuffalo");

  /* An ideographic space typed after a name, or a no-break space before
   * it, is not part of it: the name is found as it shows. */
  apply_ok (fixture, "add-player", "name=\u00a0Cameron\u3000\u200b", "colour=\u3000green");
  apply_ok (fixture, "recolour-player", "player=Cameron", "colour=blue");
  assert_summary (fixture, "Cameron now plays blue");
  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12\u3000", "size=small");
  {
    g_autoptr(NileTribe) tribe = g_list_model_get_item (nile_campaign_book_get_tribes (fixture->book), 0);

    g_assert_cmpstr (nile_tribe_get_hex (tribe), ==, "B12");
  }
  /* Optional texts may still be left empty. */
  apply_ok (fixture, "explorer-dies", "player=Anna", "cause=");
}

/* A name or text the book keeps is printed on one line of the log and
 * the window: one too long to read there is refused, whatever text it is. */
static void
test_book_text_too_long (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *longest = g_strnfill (200, 'a');
  g_autofree char *too_long = g_strnfill (201, 'a');
  g_autofree char *player = g_strconcat ("name=", too_long, NULL);
  g_autofree char *campaign = g_strconcat ("name=", too_long, NULL);
  g_autofree char *colour = g_strconcat ("colour=", too_long, NULL);
  g_autofree char *hex = g_strconcat ("hex=", too_long, NULL);
  g_autofree char *fits = g_strconcat ("name=", longest, NULL);

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "A player’s name is at most 200 characters", "add-player",
               player);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The campaign’s name is at most 200 characters",
               "rename-campaign", campaign);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The colour is at most 200 characters", "add-player",
               "name=Cameron", colour);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The hex is at most 200 characters", "add-tribe", "counter=7",
               hex, "size=small");
  apply_ok (fixture, "add-player", fits);
}

/* A player's name compares as it shows, whatever its case, however its
 * accents were typed and whatever spaces it holds; and the log names
 * him as the book writes him, not as he was typed. */
static void
test_book_player_names (Fixture       *fixture,
                        gconstpointer  data)
{
  apply_ok (fixture, "add-player", "name=Zoë");
  apply_ok (fixture, "add-player", "name=Anne Marie");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already a player called “Anne Marie”", "add-player",
               "name=Anne\u00a0Marie");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already a player called “Anne Marie”", "add-player",
               "name=\uff21\uff2e\uff2e\uff25\u3000\uff2d\uff21\uff32\uff29\uff25");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already a player called “Zoë”", "rename-player",
               "player=anne marie", "name=ZOE\u0308");

  {
    static const struct {
      const char *args[5];
      const char *summary;
    } steps[] = {
      { { "recolour-player", "player=zoË", "colour=green" }, "Zoë now plays green" },
      { { "reorder-player", "player=ZOË", "position=2" }, "Zoë now plays number 2 in turn order; it is Anne Marie’s turn" },
      { { "reorder-player", "player=zoË", "position=1" }, "Zoë now plays number 1 in turn order; it is Zoë’s turn" },
      { { "turn-step", "player=zoË", "step=hunting" }, "Zoë, turn 1: hunting done" },
      { { "turn-step", "player=ZOE\u0308", "step=hunting", "done=no" }, "Zoë, turn 1: hunting not done yet" },
      /* Her turn, however her name is typed. */
      { { "end-turn", "player=zoË" }, "End of Zoë’s turn 1" },
      { { "recolour-player", "player=anne\u00a0MARIE", "colour=red" }, "Anne Marie now plays red" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
      {
        g_autoptr(GError) error = NULL;

        apply_strv (fixture, steps[i].args[0], &steps[i].args[1], &error);
        g_assert_no_error (error);
        assert_summary (fixture, steps[i].summary);
      }
  }
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Anne Marie");

  /* Her new explorer, and the refusal of a second one, name her as the
   * book writes her. */
  apply_ok (fixture, "new-explorer", "player=zoË", "name=Tinne", "specialty=explorer", "port=Zanzibar");
  assert_summary (fixture, "Zoë sends Tinne (Explorer) to Zanzibar: the first expedition’s donations (R 5.1),"
                           " $1,000 to spend");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Zoë already has an explorer in play", "new-explorer",
               "player=ZOË", "name=Baker", "specialty=explorer", "port=Zanzibar");
}

/* An operation that only sets values, asked to set what is already so,
 * is refused: it would log a change that changed nothing and leave an
 * undo step that undoes nothing. */
static void
test_book_nothing_changed (Fixture       *fixture,
                           gconstpointer  data)
{
  static const struct {
    const char *args[5];
    const char *words;
  } unchanged[] = {
    { { "rename-campaign", "name=Nile" }, "already has that name" },
    { { "set-campaign", "game=2", "goal=75", "edition=ah" }, "already set that way" },
    { { "set-campaign", "name=Nile", "poison-one-in-36=false" }, "already set that way" },
    { { "rename-player", "player=Anna", "name=Anna" }, "already has that name" },
    { { "recolour-player", "player=anna", "colour=red" }, "already plays that colour" },
    { { "reorder-player", "player=Anna", "position=1" }, "already has that place" },
    { { "move", "player=Anna", "hex=B12" }, "there already" },
    { { "set-relation", "player=Anna", "tribe=7", "friendly=true" }, "already stands so" },
  };
  g_autoptr(GHashTable) tested = g_hash_table_new (g_str_hash, g_str_equal);
  const NileOperation *ops;
  guint n_ops;

  apply_ok (fixture, "rename-campaign", "name=Nile");
  start_game (fixture);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=small");
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=7", "friendly=true");

  for (guint i = 0; i < G_N_ELEMENTS (unchanged); i++)
    {
      g_autofree char *summary = last_summary (fixture);

      apply_fails (fixture, NILE_ERROR_INVALID_INPUT, unchanged[i].words,
                   unchanged[i].args[0], unchanged[i].args[1], unchanged[i].args[2], unchanged[i].args[3]);
      assert_summary (fixture, summary);
      g_hash_table_add (tested, (gpointer) unchanged[i].args[0]);
    }

  /* Undo still takes back the last real change. */
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  assert_summary (fixture, "Undid: Tribe 7 toward Stanley: friendly");

  /* A change that does change something goes through as before. */
  apply_ok (fixture, "set-campaign", "game=1", "goal=60", "edition=ah");
  assert_summary (fixture, "Rules: Game I to 60 VP, Avalon Hill edition, poison on a one");

  /* Every operation that refuses an unchanged value is tried above. */
  ops = nile_operation_get_all (&n_ops);
  for (guint i = 0; i < n_ops; i++)
    if (ops[i].unchanged != NULL && !g_hash_table_contains (tested, ops[i].name))
      g_error ("“%s” refuses a change that changes nothing, but is not tried here", ops[i].name);
}

static void
test_book_outfit (Fixture       *fixture,
                  gconstpointer  data)
{
  NileExplorer *stanley;

  apply_ok (fixture, "add-player", "name=Anna");
  check_undo_redo (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist",
                   "port=Zanzibar");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_money (stanley), ==, 1000);
  g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "in-port");

  check_undo_redo (fixture, "outfit", "player=Anna", "kind=bearers", "count=10", "cost=100");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_money (stanley), ==, 900);
  g_assert_cmpint (nile_explorer_get_expedition (stanley)->bearers, ==, 10);
  g_assert_cmpint (nile_explorer_get_capability (stanley), ==, 100);

  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Durban", "outfit", "player=Anna", "kind=horses",
               "count=2", "cost=100");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Khartoum", "outfit", "player=Anna", "kind=camels",
               "count=2", "cost=100");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "cannot pay", "outfit", "player=Anna", "kind=gifts",
               "count=2", "cost=901");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "can’t be “elephants”", "outfit", "player=Anna", "kind=elephants",
               "count=2", "cost=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "number bought", "outfit", "player=Anna", "kind=gifts",
               "count=-3", "cost=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "specialty", "new-explorer", "player=Anna", "name=X",
               "specialty=pirate", "port=Zanzibar");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "already has an explorer", "new-explorer", "player=Anna",
               "name=X", "specialty=doctor", "port=Zanzibar");

  apply_ok (fixture, "outfit", "player=Anna", "kind=rations", "count=150", "cost=150");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "more than he can", "set-out", "player=Anna", "hex=B12");
  apply_ok (fixture, "set-makeup", "player=Anna", "rations=90");
  check_undo_redo (fixture, "set-out", "player=Anna", "hex=B12");
  stanley = explorer_of (fixture, "Anna");
  /* Unspent money is lost when the expedition leaves (R 5.3). */
  g_assert_cmpint (nile_explorer_get_money (stanley), ==, 0);
  g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "in-africa");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "in port", "outfit", "player=Anna", "kind=gifts",
               "count=1", "cost=1");
}

/* However the expedition leaves port, the money not spent is lost, and
 * walking into a port later buys nothing more (R 5.3). */
static void
test_book_outfit_once (Fixture       *fixture,
                       gconstpointer  data)
{
  NileExplorer *stanley;

  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist", "port=Durban");
  apply_ok (fixture, "outfit", "player=Anna", "kind=bearers", "count=10", "cost=100");
  check_undo_redo (fixture, "move", "player=Anna", "status=in-africa", "hex=B12", "distance=1");
  assert_summary_has (fixture, "Stanley is in Africa at B12, 1 box from port; the $900 not spent is lost (R 5.3)");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_money (stanley), ==, 0);

  apply_ok (fixture, "move", "player=Anna", "status=in-port", "hex=Durban", "distance=0");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "outfitted before it set out (R 5.3)", "outfit", "player=Anna",
               "kind=bearers", "count=10", "cost=0");
}

static void
test_book_horses_at_the_cape (Fixture       *fixture,
                              gconstpointer  data)
{
  NileExplorer *burton;

  apply_ok (fixture, "add-player", "name=Burton");
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=zoologist", "port=Durban");
  check_undo_redo (fixture, "outfit", "player=Burton", "kind=horses", "count=3", "cost=300");
  apply_ok (fixture, "outfit", "player=Burton", "kind=bearers", "count=3", "cost=30");

  /* Four people and three horses: not everyone can ride (R 5.423). */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "", "set-mode", "player=Burton", "mode=mounted", "ride_horses=3");
  apply_ok (fixture, "set-makeup", "player=Burton", "bearers=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Speke has 3 horses, not 4 to ride", "set-mode", "player=Burton",
               "mode=mounted", "ride_horses=4");
  /* None at all was "Camels ridden must be from 0 to 0, not 1". */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Speke has 0 camels, not 1 to ride", "set-mode", "player=Burton",
               "mode=mounted", "ride_camels=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Horses ridden must be from 0 to 3", "set-mode",
               "player=Burton", "mode=mounted", "ride_horses=-1");
  check_undo_redo (fixture, "set-mode", "player=Burton", "mode=mounted", "ride_horses=2");
  burton = explorer_of (fixture, "Burton");
  g_assert_cmpint (nile_explorer_get_expedition (burton)->ride_horses, ==, 2);
  g_assert_cmpint (nile_explorer_get_expedition (burton)->pack_horses, ==, 1);
  /* 2 ride mounts × 5 + 1 pack mount × 20 (R 6.53). */
  g_assert_cmpint (nile_explorer_get_capability (burton), ==, 30);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "", "set-mode", "player=Burton", "mode=canoe");
}

/* R 5.423: a horse lost to thirst at the end of the turn leaves one man
 * of a mounted expedition without a mount. It stays marked mounted, as
 * the player chose, but moves and carries on foot, and the log says so. */
static void
test_book_dismounted_at_end_of_turn (Fixture       *fixture,
                                     gconstpointer  data)
{
  NileExplorer *stanley;

  start_game (fixture);
  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=2", "pack_horses=3", "rations=20", "gifts=0",
            "muskets=0", "water=25");
  apply_ok (fixture, "set-mode", "player=Anna", "mode=mounted", "ride_horses=3");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_travel_mode (stanley), ==, NILE_TRAVEL_MODE_MOUNTED);
  g_assert_cmpint (nile_explorer_get_capability (stanley), ==, 3 * 5);

  /* 9 water for the men, 16 for two horses: the third leaves (R 5.4444). */
  check_undo_redo (fixture, "end-turn", "player=Anna", "terrain=desert");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_expedition (stanley)->ride_horses, ==, 2);
  g_assert_cmpint (nile_explorer_get_expedition (stanley)->mode, ==, NILE_TRAVEL_MODE_MOUNTED);
  g_assert_cmpint (nile_explorer_get_travel_mode (stanley), ==, NILE_TRAVEL_MODE_FOOT);
  /* On foot the two bearers carry; ridden horses carry nothing. */
  g_assert_cmpint (nile_explorer_get_capability (stanley), ==, 2 * 10);
  assert_summary_has (fixture, "Not everyone can ride now, so the expedition moves and carries on foot (R 5.423)");

  /* A new mount and everyone rides again, with no mode to set. */
  apply_ok (fixture, "set-makeup", "player=Anna", "ride_horses=3");
  g_assert_cmpint (nile_explorer_get_travel_mode (explorer_of (fixture, "Anna")), ==, NILE_TRAVEL_MODE_MOUNTED);
}

/* rulings.md "Carrying": 85 rations, 47 gifts, 15 muskets on 18
 * bearers, 4 lost → 18 rations, 10 gifts, 3 muskets lost (R 11.3). */
static void
test_book_lose_carriers (Fixture       *fixture,
                         gconstpointer  data)
{
  const NileExpedition *m;
  NileExplorer *stanley;

  start_game (fixture);
  check_undo_redo (fixture, "lose-carriers", "player=Anna", "count=4");
  stanley = explorer_of (fixture, "Anna");
  m = nile_explorer_get_expedition (stanley);
  g_assert_cmpint (m->bearers, ==, 14);
  g_assert_cmpint (m->rations, ==, 85 - 18);
  g_assert_cmpint (m->gifts, ==, 47 - 10);
  g_assert_cmpint (m->muskets, ==, 15 - 3);

  {
    GListModel *log = nile_campaign_get_log (fixture->campaign);
    g_autoptr(GObject) last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
    g_autofree char *summary = NULL;

    /* The last line is the redo, which repeats the change's summary. */
    g_object_get (last, "summary", &summary, NULL);
    g_assert_true (g_str_has_suffix (summary,
                                     "Stanley: 4 bearers lost (18 → 14); rations 85 → 67, gifts 47 → 37, "
                                     "muskets 15 → 12 (R 11.3)"));
  }

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Cannot lose 15 bearers out of 14", "lose-carriers",
               "player=Anna", "count=15");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "from 1 to 10,000", "lose-carriers", "player=Anna", "count=0");

  /* One is one bearer, or one canoe by canoe. */
  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=0");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Cannot lose 1 bearer out of 0", "lose-carriers",
               "player=Anna", "count=1");
  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=1", "canoes=1", "mode=canoe");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Cannot lose 2 canoes out of 1", "lose-carriers",
               "player=Anna", "count=2");
  apply_ok (fixture, "set-makeup", "player=Anna", "canoes=0");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Cannot lose 1 canoe out of 0", "lose-carriers",
               "player=Anna", "count=1");
}

/* R 19.5: out of water in a desert at the end of his turn, everyone
 * leaves and the explorer dies, taking his unpublished discoveries with
 * him (R 21.3); undo brings all of it back. */
static void
test_book_thirst_kills (Fixture       *fixture,
                        gconstpointer  data)
{
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=explorer", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Anna", "kind=bearers", "count=2", "cost=20");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=desert", "vp=3");
  apply_ok (fixture, "set-makeup", "player=Anna", "rations=5", "water=0");

  check_undo_redo (fixture, "end-turn", "player=Anna");
  assert_summary_has (fixture, "Stanley dies of thirst (R 19.5); 3 unpublished VP and 1 unpublished hex lost");
  {
    NileExplorer *stanley = explorer_of (fixture, "Anna");

    g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "dead");
    g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley), ==, 0);
    g_assert_cmpint (nile_explorer_get_expedition (stanley)->bearers, ==, 0);
  }
}

/* A count of one takes the singular, in the log and in refusals. */
static void
test_book_one_of_each (Fixture       *fixture,
                       gconstpointer  data)
{
  apply_ok (fixture, "set-campaign", "edition=dg");
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=zoology", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Anna", "kind=bearers", "count=1", "cost=10");
  apply_ok (fixture, "outfit", "player=Anna", "kind=gifts", "count=10", "cost=20");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");

  apply_ok (fixture, "add-tribe", "counter=3", "hex=B12", "natives=1");
  assert_summary_has (fixture, "Tribe 3 (1 native) lives at B12");
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=3", "friendly=true", "prisoners-released=1");
  assert_summary_has (fixture, ", 1 prisoner released");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "A tribe of 1 native cannot give 2 items", "trade", "player=Anna",
               "tribe=3", "give=gifts", "given=2", "item=rations", "received=2", "poison=4");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Stanley has 0 for 1 askari (R 5.4451)", "trade", "player=Anna",
               "tribe=3", "give=gifts", "given=2", "item=askaris", "received=1", "poison=4");

  /* With a musket, the askari is hired and carries it off (R 5.4451);
   * a second askari the same turn is a second trade of that kind. */
  apply_ok (fixture, "set-makeup", "player=Anna", "muskets=2");
  check_undo_redo (fixture, "trade", "player=Anna", "tribe=3", "give=gifts", "given=2", "item=askaris", "received=1",
                   "poison=4");
  assert_summary_has (fixture, "for 1 askari: askaris 0 → 1, gifts 10 → 8, muskets 2 → 1");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->muskets, ==, 1);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Stanley already traded for askaris with this tribe this turn (R 14.82)",
               "trade", "player=Anna", "tribe=3", "give=gifts", "given=2", "item=askaris", "received=1",
               "poison=4");
}

/* No count of an expedition goes past NILE_EXPEDITION_MAX_COUNT, however
 * it comes (set, bought, traded, a roll's effects): the sums of a load
 * stay true, and losing carriers never meets a load it cannot place. */
static void
test_book_count_limit (Fixture       *fixture,
                       gconstpointer  data)
{
  const NileExpedition *makeup;

  start_game (fixture);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "from 0 to 10,000, not 2,147,483,647", "set-makeup",
               "player=Anna", "bearers=2147483647");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "10,000 to 10,000, not 200,000", "apply-effects", "player=Anna",
               "effects=bearers:+200000", "reason=x");
  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=10000", "rations=10000");
  apply_ok (fixture, "apply-effects", "player=Anna", "effects=rations:+5", "reason=a feast");
  makeup = nile_explorer_get_expedition (explorer_of (fixture, "Anna"));
  g_assert_cmpint (makeup->rations, ==, 10000);
  g_assert_cmpint (nile_expedition_portage_cost (makeup, FALSE), >, 0);
  apply_ok (fixture, "lose-carriers", "player=Anna", "count=10000");
}

/* rulings.md: 2 canoes and 80 items with 8 bearers take 2 trips around a
 * cataract; with 16 bearers, 1. */
static void
test_book_cataract (Fixture       *fixture,
                    gconstpointer  data)
{
  NileExplorer *stanley;

  start_game (fixture);
  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=8", "canoes=2", "rations=80", "gifts=0", "muskets=0");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_expedition_cataract_trips (nile_explorer_get_expedition (stanley)), ==, 2);
  apply_ok (fixture, "set-makeup", "player=Anna", "bearers=16");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_expedition_cataract_trips (nile_explorer_get_expedition (stanley)), ==, 1);

  /* By canoe the canoes are the carriers: losing one of two loses half of
   * every load (R 11.3). */
  check_undo_redo (fixture, "set-mode", "player=Anna", "mode=canoe");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_capability (stanley), ==, 2 * 300);
  apply_ok (fixture, "lose-carriers", "player=Anna", "count=1");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_expedition (stanley)->canoes, ==, 1);
  g_assert_cmpint (nile_explorer_get_expedition (stanley)->rations, ==, 40);
}

static void
test_book_makeup (Fixture       *fixture,
                  gconstpointer  data)
{
  const NileOperation *op = nile_operation_lookup ("set-makeup");
  const NileExpeditionField *fields;
  NileExplorer *stanley;
  guint n_fields;

  /* set-makeup lists every field of the make-up, and nothing else. */
  fields = nile_expedition_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    {
      gboolean found = FALSE;

      for (const NileOperationParam *p = op->params; p->name != NULL; p++)
        found |= g_str_equal (p->name, fields[i].name);
      g_assert_true (found);
    }
  {
    guint n_params = 0;

    for (const NileOperationParam *p = op->params; p->name != NULL; p++)
      n_params++;
    g_assert_cmpuint (n_params, ==, n_fields + 1);
  }

  start_game (fixture);
  check_undo_redo (fixture, "set-makeup", "player=Anna", "askaris=4", "sick_bearers=2", "explorer_armed=true");
  stanley = explorer_of (fixture, "Anna");
  /* 85 + 47 + 15 items and two sick bearers carried at 15 each. */
  g_assert_cmpint (nile_explorer_get_portage (stanley), ==, 85 + 47 + 15 + 30);
  g_assert_cmpint (nile_explorer_get_capability (stanley), ==, 180);
  g_assert_cmpint (nile_explorer_get_excess (stanley), ==, 0);

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "bearers", "set-makeup", "player=Anna", "bearers=-1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Nothing to change: name at least one field", "set-makeup",
               "player=Anna");
  /* Named, but as it already is: "name at least one field" was wrong. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Nothing to change: every field named already has that value",
               "set-makeup", "player=Anna", "askaris=4");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "one of foot, canoe, mounted", "set-makeup", "player=Anna",
               "mode=balloon");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "no explorer", "set-makeup", "player=Burton", "bearers=1");

  check_undo_redo (fixture, "apply-effects", "player=Anna", "effects=bearers:-2 rations:+10 vp:+3",
                   "reason=a rockfall");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_expedition (stanley)->bearers, ==, 16);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley), ==, 3);
  check_undo_redo (fixture, "apply-effects", "player=Anna", "effects=vp:-5", "reason=a scandal");
  /* A loss is a line of the ledger too, with its sign. */
  {
    GListModel *other = nile_campaign_book_get_other_vp (fixture->book);
    g_autoptr(NileVpEntry) loss = g_list_model_get_item (other, g_list_model_get_n_items (other) - 1);

    g_assert_cmpint (nile_vp_entry_get_amount (loss), <, 0);
  }
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley), ==, 0);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "not an effect", "apply-effects", "player=Anna",
               "effects=bearers", "reason=x");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "elephants", "apply-effects", "player=Anna",
               "effects=elephants:2", "reason=x");
  /* He dies once, and a flag is set or cleared: any other amount is a
   * slip, not a death or a fever. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The effect “explorer_dies” must be 1, not −1", "apply-effects",
               "player=Anna", "effects=explorer_dies:-1", "reason=typo");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The effect “explorer_dies” must be 1, not 2", "apply-effects",
               "player=Anna", "effects=explorer_dies:2", "reason=typo");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The effect “explorer_dies” must be 1, not 0", "apply-effects",
               "player=Anna", "effects=bearers:-1 explorer_dies:0", "reason=typo");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The effect “explorer_sick” must be from 0 to 1, not 2",
               "apply-effects", "player=Anna", "effects=explorer_sick:2", "reason=typo");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The effect “explorer_sick” must be from 0 to 1, not −1",
               "apply-effects", "player=Anna", "effects=explorer_sick:-1", "reason=typo");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The effect “explorer_armed” must be from 0 to 1, not 3",
               "apply-effects", "player=Anna", "effects=explorer_armed:3", "reason=typo");
  apply_ok (fixture, "apply-effects", "player=Anna", "effects=explorer_sick:1", "reason=a fever");
  g_assert_true (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->explorer_sick);
  apply_ok (fixture, "apply-effects", "player=Anna", "effects=explorer_sick:0", "reason=a good night's sleep");
  g_assert_false (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->explorer_sick);

  check_undo_redo (fixture, "discharge-sick", "player=Anna", "kind=bearers", "count=1");
  /* Nothing left to lose is said so, not as "−0 VP" (R 22.5). */
  assert_summary_has (fixture, "; no VP left to lose (R 19.4, 22.5)");
  apply_ok (fixture, "apply-effects", "player=Anna", "effects=vp:-1", "reason=a scandal");
  assert_summary_has (fixture, "a scandal (Stanley): the expedition is unchanged; no VP left to lose (R 22.5);");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "discharged", "discharge-sick", "player=Anna",
               "kind=bearers", "count=2");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "no sick", "discharge-sick", "player=Anna", "kind=guides",
               "count=1");

  check_undo_redo (fixture, "move", "player=Anna", "hex=C14", "distance=5");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "is in Africa and cannot be in Europe next", "move",
               "player=Anna", "status=in-europe");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "one of at-sea, in-europe, in-port, in-africa, captive", "move",
               "player=Anna", "status=dead");
  g_assert_cmpint (nile_explorer_get_farthest_from_port (explorer_of (fixture, "Anna")), ==, 5);
}

static void
test_book_end_turn (Fixture       *fixture,
                    gconstpointer  data)
{
  NileExplorer *stanley;

  start_game (fixture);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "terrain", "end-turn", "player=Anna");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Anna", "end-turn", "player=Burton", "terrain=veldt");
  check_undo_redo (fixture, "end-turn", "player=Anna", "terrain=veldt", "hunted=5");
  stanley = explorer_of (fixture, "Anna");
  /* 19 mouths: 5 fresh, then 14 of the 85 non-perishable. */
  g_assert_cmpint (nile_explorer_get_expedition (stanley)->rations, ==, 85 - 14);
  g_assert_cmpint (nile_explorer_get_expedition (stanley)->fresh_rations, ==, 0);
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Burton");
  check_undo_redo (fixture, "end-turn", "player=Burton");
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, 2);
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Anna");
}

/* A whole number is kept as an int: one past that is refused for what
 * it is, said as typed, not wrapped round into another number that the
 * operation takes or refuses in its place. */
static void
test_book_whole_numbers (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GVariant) params = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  start_game (fixture);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=small");
  apply_ok (fixture, "cache", "player=Anna", "rations=5");

  /* 2^32 + 10 would have been a hunt of 10, and −2^63 one of nothing. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "“hunted” can’t be 4294967306: the number is far too large",
               "end-turn", "player=Anna", "terrain=veldt", "hunted=4294967306");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT,
               "“hunted” can’t be -9223372036854775808: the number is far too small",
               "end-turn", "player=Anna", "terrain=veldt", "hunted=-9223372036854775808");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "“hunted” can’t be 2147483648: the number is far too large",
               "end-turn", "player=Anna", "terrain=veldt", "hunted=2147483648");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT,
               "“hunted” can’t be 99999999999999999999: the number is far too large",
               "end-turn", "player=Anna", "terrain=veldt", "hunted=99999999999999999999");
  /* The largest int is the operation's to refuse, in its own words. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The rations hunted must be from 0 to 10,000, not 2,147,483,647",
               "end-turn", "player=Anna", "terrain=veldt", "hunted=2147483647");

  /* Tribe 7 and cache 1, each 2^32 on: not found under another number. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "“tribe” can’t be 4294967303: the number is far too large",
               "set-relation", "player=Anna", "tribe=4294967303", "friendly=true");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "“tribe” can’t be 2147483662", "trade", "player=Anna",
               "tribe=2147483662", "give=gifts", "given=1", "item=guides", "received=1", "poison=4");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "“tribe” can’t be 2147483662", "after-victory",
               "player=Anna", "tribe=2147483662");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "“number” can’t be 4294967297", "recover-cache",
               "player=Anna", "number=4294967297", "die=3");

  /* Given as a GVariant, as the window gives it, the same. */
  before = snapshot (fixture);
  params = g_variant_ref_sink (g_variant_new_parsed ("{'player': <'Anna'>, 'terrain': <'veldt'>,"
                                                     " 'hunted': <int64 4294967306>}"));
  g_assert_false (nile_campaign_apply (fixture->campaign, "end-turn", g_variant_ref (params), &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==, "“hunted” can’t be 4,294,967,306: the number is far too large");
  after = snapshot (fixture);
  g_assert_cmpstr (after, ==, before);
}

/* R 5.4442: a desert hex the book knows, with no river to follow into
 * it, is entered only with the water everyone drinks there; an oasis
 * known to be in it does not count. Stanley takes 19 men (18 bearers
 * and himself) at 3 units each: 57. */
static void
test_book_desert_water (Fixture       *fixture,
                        gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "record-hex", "player=Anna", "hex=D5", "terrain=desert", "vp=1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=D6", "terrain=desert", "river=true", "vp=1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=D7", "terrain=desert", "oasis=true", "vp=1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=D8", "terrain=veldt", "vp=1");

  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "D5 is desert with no river to follow: entering it takes 57 units "
               "of water, and the expedition carries none (R 5.4442)", "move", "player=Anna", "hex=D5");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "D7 is desert", "move", "player=Anna", "hex=D7", "distance=3");
  g_assert_cmpstr (nile_explorer_get_hex (explorer_of (fixture, "Anna")), ==, "B12");

  /* A river to follow, a hex nobody has mapped, and another terrain. */
  apply_ok (fixture, "move", "player=Anna", "hex=D6");
  apply_ok (fixture, "move", "player=Anna", "hex=D9");
  apply_ok (fixture, "move", "player=Anna", "hex=D8");

  apply_ok (fixture, "set-makeup", "player=Anna", "water=56");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "takes 57 units of water, and the expedition carries 56",
               "move", "player=Anna", "hex=D5");
  apply_ok (fixture, "set-makeup", "player=Anna", "water=57");
  check_undo_redo (fixture, "move", "player=Anna", "hex=D5", "distance=2");
  g_assert_cmpstr (nile_explorer_get_hex (explorer_of (fixture, "Anna")), ==, "D5");

  /* Staying put is no new entry. */
  apply_ok (fixture, "set-makeup", "player=Anna", "water=0");
  apply_ok (fixture, "move", "player=Anna", "hex=D5", "distance=3");
}

/* R 5.4425: any animal can be shot for 10 fresh rations. */
static void
test_book_shoot_animals (Fixture       *fixture,
                         gconstpointer  data)
{
  const NileExpedition *expedition;

  start_game (fixture);
  apply_ok (fixture, "set-makeup", "player=Anna", "pack_camels=3", "ride_horses=1");
  check_undo_redo (fixture, "shoot-animals", "player=Anna", "animal=pack_camels", "count=2");
  assert_summary_has (fixture, "Stanley shoots 2 animals for food: pack camels 3 → 1, fresh rations 0 → 20 (R 5.4425)");
  expedition = nile_explorer_get_expedition (explorer_of (fixture, "Anna"));
  g_assert_cmpint (expedition->pack_camels, ==, 1);
  g_assert_cmpint (expedition->fresh_rations, ==, 20);

  apply_ok (fixture, "shoot-animals", "player=Anna", "animal=ride_horses", "count=1");
  assert_summary (fixture, "Stanley shoots 1 animal for food: horses ridden 1 → 0, fresh rations 20 → 30 (R 5.4425)");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->fresh_rations, ==, 30);

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Cannot shoot 2 pack camels: the expedition has 1", "shoot-animals", "player=Anna",
               "animal=pack_camels", "count=2");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The animals shot must be from 1", "shoot-animals", "player=Anna",
               "animal=pack_camels", "count=0");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "one of", "shoot-animals", "player=Anna",
               "animal=bearers", "count=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The expedition has no horses ridden to shoot", "shoot-animals",
               "player=Anna", "animal=ride_horses", "count=1");
}

static void
test_book_caches (Fixture       *fixture,
                  gconstpointer  data)
{
  start_game (fixture);
  check_undo_redo (fixture, "cache", "player=Anna", "rations=20", "muskets=5");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->rations, ==, 65);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "cannot hide", "cache", "player=Anna", "gifts=48");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "something in it", "cache", "player=Anna");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already has a cache", "cache", "player=Anna", "number=1",
               "gifts=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "die", "recover-cache", "player=Anna", "number=1", "die=7");
  apply_ok (fixture, "move", "player=Anna", "hex=B13");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "cache 1 is at B12", "recover-cache", "player=Anna",
               "number=1", "die=4");
  apply_ok (fixture, "move", "player=Anna", "hex=B12");
  check_undo_redo (fixture, "recover-cache", "player=Anna", "number=1", "die=4");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->rations, ==, 85);
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "no hidden cache", "recover-cache", "player=Anna",
               "number=1", "die=4");
  /* Dug up, its marker is free for the next cache (R 17.3, 17.7). */
  check_undo_redo (fixture, "cache", "player=Anna", "gifts=7");
  assert_summary (fixture, "Redid: Stanley hides cache 1 at B12: 7 gifts");
  apply_ok (fixture, "recover-cache", "player=Anna", "number=1", "die=1");
  /* Gone on a 1 (R 17.6): the gifts stay lost. */
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->gifts, ==, 40);
  /* The lowest marker free; the nouns agree with the counts. */
  apply_ok (fixture, "cache", "player=Anna", "number=2", "rations=1");
  apply_ok (fixture, "cache", "player=Anna", "rations=1", "muskets=1", "gifts=2");
  assert_summary (fixture, "Stanley hides cache 1 at B12: 1 ration, 2 gifts, 1 musket");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already has a cache number 2", "cache", "player=Anna", "number=2",
               "gifts=1");
  apply_ok (fixture, "cache", "player=Anna", "gifts=1");
  assert_summary_has (fixture, "hides cache 3 at B12");
}

static void
test_book_tribes (Fixture       *fixture,
                  gconstpointer  data)
{
  start_game (fixture);
  check_undo_redo (fixture, "add-tribe", "counter=7", "hex=B12", "size=small");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already on the board", "add-tribe", "counter=7", "hex=B13",
               "size=large");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "1 to 50", "add-tribe", "counter=51", "hex=B13",
               "size=large");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Natives are counted in Discovery Games campaigns", "add-tribe",
               "counter=8", "hex=B13", "natives=40");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "not friendly", "trade", "player=Anna", "tribe=7",
               "give=gifts", "given=10", "item=rations", "received=20", "poison=4");

  check_undo_redo (fixture, "set-relation", "player=Anna", "tribe=7", "friendly=true", "negotiated=true");
  apply_ok (fixture, "move", "player=Anna", "hex=B13");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "R 14.6", "trade", "player=Anna", "tribe=7", "give=gifts",
               "given=30", "item=rations", "received=20", "poison=4");
  apply_ok (fixture, "move", "player=Anna", "hex=B12");
  check_undo_redo (fixture, "trade", "player=Anna", "tribe=7", "give=gifts", "given=30", "item=rations",
                   "received=20", "poison=4");
  assert_summary_has (fixture, "Stanley trades 30 gifts to tribe 7 for 20 rations: ");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->gifts, ==, 17);
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->rations, ==, 105);
  /* One trade per item type per tribe per turn (R 14.82); the small
   * tribe's limit of 35 gifts (R 14.91). */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "", "trade", "player=Anna", "tribe=7", "give=gifts",
               "given=1", "item=rations", "received=1", "poison=4");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "", "trade", "player=Anna", "tribe=7", "give=gifts",
               "given=6", "item=guides", "received=1", "poison=4");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Gifts must be part", "trade", "player=Anna", "tribe=7",
               "give=rations", "given=10", "item=guides", "received=1", "poison=4");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Gifts are traded for something else", "trade",
               "player=Anna", "tribe=7", "give=gifts", "given=5", "item=gifts", "received=5", "poison=4");
  /* Natives take muskets for gifts but never sell them (R 5.4432, 14.8). */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "(R 5.4432, 14.8)", "trade", "player=Anna", "tribe=7",
               "give=gifts", "given=5", "item=muskets", "received=1", "poison=4");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "desert tribes", "trade", "player=Anna", "tribe=7",
               "give=gifts", "given=1", "item=camels", "received=1", "poison=4");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "poison die", "trade", "player=Anna", "tribe=7",
               "give=gifts", "given=1", "item=guides", "received=1", "poison=0");
  /* What he hands over and what he gets are each one of a list, which
   * the refusal gives (and a form offers to choose from). */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "one of gifts, rations, muskets", "trade", "player=Anna",
               "tribe=7", "give=pelts", "given=1", "item=guides", "received=1", "poison=4");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "askaris, camels, canoes", "trade", "player=Anna",
               "tribe=7", "give=gifts", "given=1", "item=horses", "received=1", "poison=4");

  check_undo_redo (fixture, "journalist-battle", "player=Anna", "tribe=7", "result=won");
  /* A journalist in Africa: 1 VP for the news, once per tribe (R 24.2, 24.4). */
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 1);
  apply_ok (fixture, "journalist-battle", "player=Anna", "tribe=7", "result=lost");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 1);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "one of won, lost", "journalist-battle", "player=Anna",
               "tribe=7", "result=draw");
  /* No counter means "no tribe": a negative one is refused as 0 is. */
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "No tribe with native counter 0", "journalist-battle",
               "player=Anna", "tribe=0", "result=lost");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "No tribe with native counter -1", "journalist-battle",
               "player=Anna", "tribe=-1", "result=lost");

  /* The witch doctor's poison on a 1 (R 14.83) ends the explorer. */
  check_undo_redo (fixture, "trade", "player=Anna", "tribe=7", "give=gifts", "given=1", "item=guides",
                   "received=1", "poison=1");
  /* One of each: the noun agrees with the count. */
  assert_summary_has (fixture, "Stanley trades 1 gift to tribe 7 for 1 guide: ");
  g_assert_cmpstr (nile_explorer_get_status (explorer_of (fixture, "Anna")), ==, "dead");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 0);
}

/* A journalist beaten and taken captive is still in Africa: his defeat
 * is news worth 2 VP (R 24.3). */
static void
test_book_journalist_captive (Fixture       *fixture,
                              gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=small");
  apply_ok (fixture, "move", "player=Anna", "status=captive");
  apply_ok (fixture, "journalist-battle", "player=Anna", "tribe=7", "result=lost");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 2);
}

/* R 14.95: a tribe that has had its full allotment of gifts from an
 * explorer trades with him no more, whatever he offers: the tester's
 * case, a small tribe (35) given 20 and then 15 gifts. */
static void
test_book_trade_limit_reached (Fixture       *fixture,
                               gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=small");
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=7", "friendly=true");
  apply_ok (fixture, "trade", "player=Anna", "tribe=7", "give=gifts", "given=20", "item=rations",
            "received=10", "poison=4");
  apply_ok (fixture, "trade", "player=Anna", "tribe=7", "give=gifts", "given=15", "item=bearers",
            "received=2", "poison=4");

  /* Rations for gifts hands the tribe no gifts, yet it is a trade. */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "R 14.95", "trade", "player=Anna", "tribe=7",
               "give=rations", "given=10", "item=gifts", "received=5", "poison=4");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Tribe 7", "trade", "player=Anna", "tribe=7",
               "give=muskets", "given=2", "item=gifts", "received=5", "poison=4");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "35 gifts", "trade", "player=Anna", "tribe=7",
               "give=gifts", "given=1", "item=guides", "received=1", "poison=4");

  /* Not even in a later turn. */
  apply_ok (fixture, "end-turn", "player=Anna", "terrain=veldt");
  apply_ok (fixture, "end-turn", "player=Burton");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "R 14.95", "trade", "player=Anna", "tribe=7",
               "give=rations", "given=10", "item=gifts", "received=5", "poison=4");

  /* Short of the limit, rations for gifts still goes (R 14.8). */
  apply_ok (fixture, "add-tribe", "counter=8", "hex=B12", "size=small");
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=8", "friendly=true");
  apply_ok (fixture, "set-makeup", "player=Anna", "gifts=40");
  apply_ok (fixture, "trade", "player=Anna", "tribe=8", "give=gifts", "given=34", "item=rations",
            "received=10", "poison=4");
  apply_ok (fixture, "trade", "player=Anna", "tribe=8", "give=rations", "given=10", "item=gifts",
            "received=5", "poison=4");
}

static void
test_book_poison_house_rule (Fixture       *fixture,
                             gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "set-campaign", "poison-one-in-36=true");
  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=large");
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=7", "friendly=true");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "second poison die", "trade", "player=Anna", "tribe=7",
               "give=gifts", "given=1", "item=guides", "received=1", "poison=1");
  apply_ok (fixture, "trade", "player=Anna", "tribe=7", "give=gifts", "given=1", "item=guides",
            "received=1", "poison=1", "poison2=3");
  g_assert_cmpstr (nile_explorer_get_status (explorer_of (fixture, "Anna")), ==, "in-africa");
}

static void
test_book_discoveries (Fixture       *fixture,
                       gconstpointer  data)
{
  NileExplorer *stanley;

  start_game (fixture);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Victory Point Chart", "record-hex", "player=Anna",
               "hex=B12", "terrain=veldt");
  check_undo_redo (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=veldt", "river=true", "vp=2");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already mapped", "record-hex", "player=Anna", "hex=B12",
               "terrain=veldt", "vp=2");
  /* Typed in other case, it is the same hex, named as first mapped; it
   * was mapped (and scored) a second time. */
  apply_fails (fixture, NILE_ERROR_CONFLICT, "Stanley has already mapped B12", "record-hex", "player=Anna",
               "hex=b12", "terrain=veldt", "vp=2");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "terrain", "record-hex", "player=Anna", "hex=B13",
               "terrain=tundra", "vp=2");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=jungle", "vp=3");
  check_undo_redo (fixture, "bonus-discovery", "player=Anna", "description=a new orchid", "die=4");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "either the VP on the card", "bonus-discovery", "player=Anna",
               "description=x", "die=4", "vp=2");
  check_undo_redo (fixture, "epic-journey", "player=Anna", "from=Zanzibar", "to=Khartoum", "hexes=2");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "only the first", "epic-journey", "player=Anna",
               "from=Zanzibar", "to=Khartoum", "hexes=2");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley), ==, 2 + 3 + 4 + 2);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_book_get_discoveries (fixture->book)), ==, 2);

  /* Publishing happens in Europe; the expedition is disbanded there. */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Europe", "publish", "player=Anna");
  go_to_europe (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->bearers, ==, 0);
  /* Bonus cards are drawn in the interior, not in Europe (R 20.2). */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "R 20.2", "bonus-discovery", "player=Anna",
               "description=a new orchid", "die=4");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "B99", "publish", "player=Anna", "hexes=B99");
  /* No hex named is no publication, and a stray comma names none. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Name the hexes to publish", "publish", "player=Anna",
               "hexes=");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Name the hexes to publish", "publish", "player=Anna",
               "hexes= , ");
  check_undo_redo (fixture, "publish", "player=Anna", "hexes=B13");
  /* The line says where the VP not of the hex came from. */
  assert_summary (fixture, "Redid: Stanley publishes 1 hex: 0 → 9 VP published; 6 VP of other awards with them (R 22.4);"
                           " 2 VP kept back");
  stanley = explorer_of (fixture, "Anna");
  /* B12 (2 VP) kept back (R 22.2); everything else is published. */
  g_assert_cmpint (nile_explorer_get_vp_unpublished (stanley), ==, 2);
  {
    g_autoptr(GObject) anna = g_list_model_get_item (nile_campaign_book_get_players (fixture->book), 0);
    int published;

    g_object_get (anna, "vp-published", &published, NULL);
    g_assert_cmpint (published, ==, 3 + 4 + 2);
    /* 9 VP published this turn: one draw plus two (R 26.4, 26.5). */
    g_assert_cmpint (nile_player_get_cards_due (NILE_PLAYER (anna)), ==, 3);
  }

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "draws 3", "europe-turn", "player=Anna", "cards=250");
  check_undo_redo (fixture, "europe-turn", "player=Anna", "cards=250 ticket:Mombasa none");
  /* The next turn's draw is one card again. */
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "end-turn", "player=Burton");
  {
    g_autoptr(GObject) anna = g_list_model_get_item (nile_campaign_book_get_players (fixture->book), 0);

    g_assert_cmpint (nile_player_get_cards_due (NILE_PLAYER (anna)), ==, 1);
  }
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));

  /* Death wipes the unpublished VP and hexes (R 21.3). */
  check_undo_redo (fixture, "retire", "player=Anna");
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_book_get_discoveries (fixture->book)), ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 0);
}

/* One bonus card is drawn at the end of a turn (R 20.1, 20.3): a second
 * bonus the same turn is refused, the next turn brings another. */
static void
test_book_bonus_once_a_turn (Fixture       *fixture,
                             gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=jungle", "vp=2");
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=a new orchid", "die=4");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "R 20.1", "bonus-discovery", "player=Anna",
               "description=a new lily", "vp=3");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 2 + 4);

  play_on_to (fixture, "Anna");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=jungle", "vp=2");
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=a new lily", "vp=3");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 2 + 4 + 2 + 3);
}

/* Stanley's expedition reaches Europe: back to port, a turn at sea, and
 * the end of his turn at sea, undone and redone (R 21.4, 21.5). */
static void
sail_to_europe (Fixture *fixture)
{
  apply_ok (fixture, "move", "player=Anna", "status=in-port", "hex=Zanzibar", "distance=0");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "move", "player=Anna", "status=at-sea");
  check_undo_redo (fixture, "end-turn", "player=Anna");
  g_assert_cmpstr (nile_explorer_get_status (explorer_of (fixture, "Anna")), ==, "in-europe");
}

/* A tusk or a specimen is carried home to earn its VP (R 20.71, 20.72):
 * recording the bonus adds its item to the make-up, and on reaching
 * Europe a bonus whose item did not arrive loses its VP; publishing
 * counts the rest. */
static void
test_book_bonus_items (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GObject) anna = NULL;
  int published;

  start_game (fixture);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "ivory", "bonus-discovery", "player=Anna",
               "description=Ivory", "vp=3", "item=ivory");
  check_undo_redo (fixture, "bonus-discovery", "player=Anna", "description=An elephant tusk", "vp=3",
                   "item=tusk");
  assert_summary_has (fixture, "An elephant tusk (bonus discovery by Stanley): 3 VP unpublished");
  assert_summary_has (fixture, "tusks 0 → 1");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->tusks, ==, 1);
  play_on_to (fixture, "Anna");
  check_undo_redo (fixture, "bonus-discovery", "player=Anna", "description=A golden mole", "vp=2",
                   "item=specimen");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->specimens, ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 3 + 2);

  /* The tusk is left behind on the way. */
  apply_ok (fixture, "set-makeup", "player=Anna", "tusks=0");
  sail_to_europe (fixture);
  assert_summary_has (fixture, "Stanley reaches Europe");
  assert_summary_has (fixture, "An elephant tusk (3 VP) is lost: its tusk did not reach Europe (R 20.71)");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 2);
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->specimens, ==, 0);

  play_on_to (fixture, "Anna");
  check_undo_redo (fixture, "publish", "player=Anna");
  anna = g_list_model_get_item (nile_campaign_book_get_players (fixture->book), 0);
  g_object_get (anna, "vp-published", &published, NULL);
  g_assert_cmpint (published, ==, 2);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 0);
}

/* Each animal, plant or tribe is published once (R 20.74): Stanley and
 * Speke both find the okapi; Stanley publishes first, so Speke's okapi
 * scores nothing when he publishes, and an okapi Bly finds after that
 * is ignored. Names compare as players compare them, in any case. */
static void
assert_bonus (GListModel *bonuses,
              guint       position,
              const char *description,
              const char *name,
              const char *explorer,
              const char *state)
{
  g_autoptr(NileBonusDiscovery) bonus = g_list_model_get_item (bonuses, position);

  g_assert_nonnull (bonus);
  g_assert_cmpstr (nile_bonus_discovery_get_description (bonus), ==, description);
  g_assert_cmpstr (nile_bonus_discovery_get_name (bonus), ==, name);
  g_assert_cmpstr (nile_bonus_discovery_get_explorer (bonus), ==, explorer);
  g_assert_cmpstr (nile_bonus_discovery_get_state (bonus), ==, state);
}

static void
test_book_bonus_names (Fixture       *fixture,
                       gconstpointer  data)
{
  GListModel *bonuses = nile_campaign_book_get_bonus_discoveries (fixture->book);
  g_autoptr(GObject) burton = NULL;
  int published;

  start_game (fixture);
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=zoologist", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Burton", "kind=bearers", "count=4", "cost=40");
  apply_ok (fixture, "set-out", "player=Burton", "hex=C3");
  apply_ok (fixture, "add-player", "name=Cole");
  apply_ok (fixture, "new-explorer", "player=Cole", "name=Bly", "specialty=journalist", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Cole", "hex=E5");

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "blank", "bonus-discovery", "player=Anna",
               "description=A new antelope", "vp=3", "name= ");
  check_undo_redo (fixture, "bonus-discovery", "player=Anna", "description=A new antelope", "vp=3", "name=Okapi");
  assert_summary_has (fixture, "A new antelope (Okapi, bonus discovery by Stanley): 3 VP unpublished");
  check_undo_redo (fixture, "bonus-discovery", "player=Burton", "description=Striped legs", "vp=2",
                   "name=OKAPI");
  play_on_to (fixture, "Anna");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Stanley has a bonus for “okapi” already", "bonus-discovery",
               "player=Anna", "description=Another", "vp=1", "name=okapi ");
  /* Another name is another bonus. */
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=A river hog", "vp=1", "name=Red river hog");

  /* The book lists them as the Player Aid sheet does (R 20.6). */
  g_assert_cmpuint (g_list_model_get_n_items (bonuses), ==, 3);
  assert_bonus (bonuses, 0, "A new antelope", "Okapi", "Stanley", "unpublished");
  assert_bonus (bonuses, 1, "Striped legs", "OKAPI", "Speke", "unpublished");
  assert_bonus (bonuses, 2, "A river hog", "Red river hog", "Stanley", "unpublished");

  go_to_europe (fixture, "Anna");
  check_undo_redo (fixture, "publish", "player=Anna");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 0);
  assert_bonus (bonuses, 0, "A new antelope", "Okapi", "Stanley", "published");

  go_to_europe (fixture, "Burton");
  check_undo_redo (fixture, "publish", "player=Burton");
  assert_summary_has (fixture, "; 1 bonus named what others published first (R 20.74)");
  burton = g_list_model_get_item (nile_campaign_book_get_players (fixture->book), 1);
  g_object_get (burton, "vp-published", &published, NULL);
  g_assert_cmpint (published, ==, 0);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Burton")), ==, 0);
  assert_bonus (bonuses, 1, "Striped legs", "OKAPI", "Speke", "lost");

  /* Cole, still in Africa: an okapi is no discovery any more. */
  play_on_to (fixture, "Cole");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "“Okapi” was published already, by Stanley", "bonus-discovery",
               "player=Cole", "description=An okapi", "vp=2", "name=Okapi");
}

/* More bonuses of a kind than items arriving: those worth most are kept,
 * as a player would choose; a bonus with no item and one whose item is
 * the same kind as another's are told apart by their VP alone. */
static void
test_book_bonus_items_kept (Fixture       *fixture,
                            gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=A small tusk", "vp=3", "item=tusk");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=A great tusk", "vp=5", "item=tusk");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=A new orchid", "die=4", "item=plant");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=A lion", "vp=2", "item=pelt");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=A new lake fish", "vp=1");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->tusks, ==, 2);
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->specimens, ==, 1);
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->pelts, ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 3 + 5 + 4 + 2 + 1);

  /* One tusk and the seed arrive; the pelt does not. */
  apply_ok (fixture, "set-makeup", "player=Anna", "tusks=1", "pelts=0");
  sail_to_europe (fixture);
  assert_summary_has (fixture, "A small tusk (3 VP) is lost: its tusk did not reach Europe (R 20.71)");
  assert_summary_has (fixture, "A lion (2 VP) is lost: its pelt did not reach Europe (R 20.72)");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 5 + 4 + 1);
}

/* Put in Europe by move, as by the end of a turn at sea, a bonus whose
 * item is not carried loses its VP; one that already arrived on an
 * earlier voyage is not counted again. */
static void
test_book_bonus_items_moved_home (Fixture       *fixture,
                                  gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=A golden mole", "vp=2", "item=specimen");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=A lion", "vp=4", "item=pelt");
  apply_ok (fixture, "set-makeup", "player=Anna", "pelts=0");
  apply_ok (fixture, "move", "player=Anna", "status=in-port", "hex=Zanzibar", "distance=0");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "end-turn", "player=Anna");
  /* Sent to sea out of his turn, he is not brought home by its end. */
  apply_ok (fixture, "move", "player=Anna", "status=at-sea");
  play_on_to (fixture, "Anna");
  g_assert_cmpstr (nile_explorer_get_status (explorer_of (fixture, "Anna")), ==, "at-sea");
  check_undo_redo (fixture, "move", "player=Anna", "status=in-europe");
  assert_summary_has (fixture, "A lion (4 VP) is lost: its pelt did not reach Europe (R 20.72)");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 2);

  /* The mole arrived and waits to be published: the next voyage home,
   * with nothing carried, does not lose it. */
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=ticket:Zanzibar");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "sail", "player=Anna", "port=Zanzibar");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "move", "player=Anna", "status=at-sea");
  apply_ok (fixture, "end-turn", "player=Anna");
  g_assert_cmpstr (nile_explorer_get_status (explorer_of (fixture, "Anna")), ==, "in-europe");
  {
    g_autofree char *summary_text = last_summary (fixture);

    g_assert_null (strstr (summary_text, "is lost"));
  }
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 2);
}

/* No muskets, no animal bonus (R 20.75): spare muskets, the explorer's
 * own or the askaris' each count; a plant needs none. */
static void
test_book_bonus_needs_musket (Fixture       *fixture,
                              gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "set-makeup", "player=Anna", "muskets=0");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "R 20.75", "bonus-discovery", "player=Anna",
               "description=An elephant tusk", "vp=3", "item=tusk");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "R 20.75", "bonus-discovery", "player=Anna",
               "description=A golden mole", "vp=2", "item=specimen");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "R 20.75", "bonus-discovery", "player=Anna",
               "description=A lion", "vp=2", "item=pelt");
  check_undo_redo (fixture, "bonus-discovery", "player=Anna", "description=A new orchid", "vp=2",
                   "item=plant");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "set-makeup", "player=Anna", "explorer_armed=true");
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=A lion", "vp=2", "item=pelt");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "set-makeup", "player=Anna", "explorer_armed=false", "sick_askaris=1");
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=An elephant tusk", "vp=3", "item=tusk");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->tusks, ==, 1);
}

/* The first to publish a hex gets its points (R 22.3, 22.4). */
static void
test_book_first_to_publish (Fixture       *fixture,
                            gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=geologist", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Burton", "hex=B12");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=veldt", "vp=2");
  apply_ok (fixture, "record-hex", "player=Burton", "hex=B12", "terrain=veldt", "vp=3");
  apply_ok (fixture, "record-hex", "player=Burton", "hex=B13", "terrain=lake", "vp=1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B15", "terrain=lake", "vp=1");

  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "publish", "player=Anna");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "already published by Anna", "record-hex", "player=Burton",
               "hex=B15", "terrain=lake", "vp=1");

  go_to_europe (fixture, "Burton");
  apply_ok (fixture, "publish", "player=Burton");
  {
    g_autoptr(GObject) burton = g_list_model_get_item (nile_campaign_book_get_players (fixture->book), 1);
    int published;

    /* B12 went to Anna; Burton scores only B13. */
    g_object_get (burton, "vp-published", &published, NULL);
    g_assert_cmpint (published, ==, 1);
  }
  /* His map of B12 is settled, not waiting: it is not lost again. */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Speke has nothing unpublished", "publish", "player=Burton");
  apply_ok (fixture, "europe-turn", "player=Burton", "cards=100", "publish=all");
  assert_summary (fixture, "Burton in Europe draws $100");
}

/* A hex only partly explored earns nothing and cannot be published
 * (R 10.293); exploring the rest later makes it a hex like any other
 * (R 10.294). */
static void
test_book_partial_hex (Fixture       *fixture,
                       gconstpointer  data)
{
  start_game (fixture);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "R 10.293", "record-hex", "player=Anna", "hex=B12",
               "terrain=swamp", "partial=true", "vp=2");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=swamp", "partial=true");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=veldt", "vp=1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B14", "terrain=jungle", "partial=true");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 1);

  /* He comes back to B14 and explores the rest: now it scores. */
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B14", "terrain=jungle", "vp=3");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 4);
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already mapped", "record-hex", "player=Anna", "hex=B14",
               "terrain=jungle", "vp=3");

  go_to_europe (fixture, "Anna");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "R 10.293", "publish", "player=Anna", "hexes=B12");
  apply_ok (fixture, "publish", "player=Anna");
  g_assert_cmpint (nile_player_get_vp_published (nile_campaign_book_find_player (fixture->book, "Anna")), ==, 4);
  /* The part of B12 he knows is no award waiting. */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "nothing unpublished", "publish", "player=Anna");
}

/* Both players end their turn: Anna plays the next one. */
static void
next_turn (Fixture *fixture)
{
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "end-turn", "player=Burton");
}

/* The turn an explorer doing bearer work wins back his askaris' respect,
 * their desertions stop (R 5.52); bearer work in a later turn costs it
 * again. */
static void
test_book_respect_won (Fixture       *fixture,
                       gconstpointer  data)
{
  const NileExpedition *makeup;

  start_game (fixture);
  apply_ok (fixture, "set-makeup", "player=Anna", "askaris=4", "explorer_is_bearer=true");
  apply_ok (fixture, "end-turn", "player=Anna", "terrain=veldt");
  makeup = nile_explorer_get_expedition (explorer_of (fixture, "Anna"));
  g_assert_true (makeup->explorer_debased);
  g_assert_cmpint (makeup->askaris, ==, 3);
  apply_ok (fixture, "end-turn", "player=Burton");

  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=small");
  check_undo_redo (fixture, "journalist-battle", "player=Anna", "tribe=7", "result=won");
  g_assert_false (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->explorer_debased);
  apply_ok (fixture, "end-turn", "player=Anna", "terrain=veldt");
  makeup = nile_explorer_get_expedition (explorer_of (fixture, "Anna"));
  g_assert_false (makeup->explorer_debased);
  g_assert_cmpint (makeup->askaris, ==, 3);
  apply_ok (fixture, "end-turn", "player=Burton");

  apply_ok (fixture, "end-turn", "player=Anna", "terrain=veldt");
  makeup = nile_explorer_get_expedition (explorer_of (fixture, "Anna"));
  g_assert_true (makeup->explorer_debased);
  g_assert_cmpint (makeup->askaris, ==, 2);
}

/* In port he goes to no hex: he sets out first (R 5.3). A move that
 * changes his status names where he is now. */
static void
test_book_move_in_port (Fixture       *fixture,
                        gconstpointer  data)
{
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist", "port=Zanzibar");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Stanley is in port: only an expedition in Africa moves from hex to hex",
               "move", "player=Anna", "hex=3053", "distance=5");
  g_assert_cmpstr (nile_explorer_get_hex (explorer_of (fixture, "Anna")), ==, "Zanzibar");
  check_undo_redo (fixture, "move", "player=Anna", "status=in-africa", "hex=3053", "distance=1");
  g_assert_cmpstr (nile_explorer_get_hex (explorer_of (fixture, "Anna")), ==, "3053");
  check_undo_redo (fixture, "move", "player=Anna", "hex=3054", "distance=2");
}

/* Capetown is spelt two ways on maps and cards; both are the port that
 * sells horses (R 5.426) and that a free ticket takes him to (R 26.6). */
static void
test_book_port_spellings (Fixture       *fixture,
                          gconstpointer  data)
{
  NileExplorer *stanley;

  /* Any case, any spelling of its accents, as players' names compare. */
  g_assert_true (nile_epic_journey_same_port ("Cape Town", " CAPETOWN"));
  g_assert_true (nile_epic_journey_same_port ("Lüderitz", "LÜDERITZ"));
  g_assert_true (nile_epic_journey_same_port ("Lu\u0308deritz", "lüderitz"));
  g_assert_false (nile_epic_journey_same_port ("Durban", "Zanzibar"));

  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "add-player", "name=Burton");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist", "port=Cape Town");
  apply_ok (fixture, "outfit", "player=Anna", "kind=horses", "count=2", "cost=100");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->pack_horses, ==, 2);

  apply_ok (fixture, "move", "player=Anna", "status=at-sea");
  play_on_to (fixture, "Anna");
  g_assert_cmpstr (nile_explorer_get_status (explorer_of (fixture, "Anna")), ==, "in-europe");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=ticket:Cape Town");
  next_turn (fixture);
  apply_ok (fixture, "sail", "player=Anna", "port=Capetown");
  stanley = explorer_of (fixture, "Anna");
  /* No $500 passage asked of him: the ticket paid it. */
  g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "in-port");
  g_assert_cmpuint (g_strv_length ((char **) nile_player_get_tickets (nile_campaign_book_find_player (fixture->book,
                                                                                                      "Anna"))), ==, 0);
}

static int
cards_due (Fixture    *fixture,
           const char *player)
{
  return nile_player_get_cards_due (nile_campaign_book_find_player (fixture->book, player));
}

/* Besides the rulebook's, a port the campaign holds already is known:
 * a free ticket's, written as it was drawn, and refusals list it. */
static void
test_book_sail_known_ports (Fixture       *fixture,
                            gconstpointer  data)
{
  start_game (fixture);
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=ticket:Mombasa");
  next_turn (fixture);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT,
               "The ports known: Khartoum, Capetown, Port Elizabeth, Durban, Zanzibar, Mombasa.",
               "sail", "player=Anna", "port=Ouidah");
  apply_ok (fixture, "sail", "player=Anna", "port=  mombasa ");
  g_assert_cmpstr (nile_explorer_get_port (explorer_of (fixture, "Anna")), ==, "Mombasa");
}

static void
test_book_second_expedition (Fixture       *fixture,
                             gconstpointer  data)
{
  NileExplorer *stanley;

  start_game (fixture);
  go_to_europe (fixture, "Anna");
  g_assert_cmpint (cards_due (fixture, "Anna"), ==, 1);
  /* Nothing mapped, nothing to publish: no empty line in the log, and a
   * Europe turn that publishes all first just draws. */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Stanley has nothing unpublished", "publish", "player=Anna");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=300", "publish=all");
  assert_summary (fixture, "Anna in Europe draws $300");
  /* One draw a turn, and a turn spent drawing is not spent sailing
   * (R 26.2–26.4). */
  g_assert_cmpint (cards_due (fixture, "Anna"), ==, 0);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Anna has drawn this turn’s donations already", "europe-turn",
               "player=Anna", "cards=300");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "drawn this turn instead of sailing", "sail", "player=Anna",
               "port=Zanzibar");
  next_turn (fixture);
  /* A port of two words is one ticket, however the cards are separated. */
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=ticket:Port Elizabeth");
  {
    g_autoptr(NilePlayer) anna = g_object_ref (nile_campaign_book_find_player (fixture->book, "Anna"));
    const char * const *tickets = nile_player_get_tickets (anna);

    g_assert_cmpuint (g_strv_length ((char **) tickets), ==, 1);
    g_assert_cmpstr (tickets[0], ==, "Port Elizabeth");
  }
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "“Elizabeth” is not a donation card", "europe-turn",
               "player=Anna", "cards=Elizabeth");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=ticket:Zanzibar");
  next_turn (fixture);
  /* A port no one has named is refused as it is given, before its
   * passage is reckoned, with the ports known. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT,
               "“Cairo” is not a port the campaign knows. The ports known: Khartoum, Capetown, Port Elizabeth,"
               " Durban, Zanzibar. Another port joins them", "sail", "player=Anna", "port=Cairo");
  /* A known one is written as the books spell it, and its ticket taken. */
  check_undo_redo (fixture, "sail", "player=Anna", "port=ZANZIBAR");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpstr (nile_explorer_get_port (stanley), ==, "Zanzibar");
  assert_summary_has (fixture, "Stanley sails to Zanzibar:");
  /* The ticket pays the passage; the $300 goes to the outfit (R 26.6). */
  g_assert_cmpint (nile_explorer_get_money (stanley), ==, 300);
  g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "in-port");

  check_undo_redo (fixture, "explorer-dies", "player=Anna", "cause=fever");
  /* His successor starts, drawing or sailing, the turn after (R 21.33). */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN,
               "Anna’s last explorer died or retired this turn: drawing for the next one starts next turn",
               "europe-turn", "player=Anna", "cards=600");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN,
               "Anna’s last explorer died or retired this turn: the next one starts next turn (R 21.33)",
               "new-explorer", "player=Anna", "name=Baker", "specialty=doctor", "port=Zanzibar");
  next_turn (fixture);
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=600");
  /* The new explorer sails with the donations the turn after they are
   * drawn, as any other. */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "drawn this turn instead of sailing", "new-explorer",
               "player=Anna", "name=Baker", "specialty=doctor", "port=Cairo");
  next_turn (fixture);
  check_undo_redo (fixture, "new-explorer", "player=Anna", "name=Baker", "specialty=doctor", "port=Cairo");
  /* $600 less $500 passage. */
  g_assert_cmpint (nile_explorer_get_money (explorer_of (fixture, "Anna")), ==, 100);
  /* He sailed from Europe like any returning explorer: the turn he lands
   * is spent outfitting (R 26.1, 26.2). */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN,
               "Baker’s new expedition landed at Cairo this turn and spends it outfitting",
               "set-out", "player=Anna", "hex=B12");
  next_turn (fixture);
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
}

/* A dead explorer's successor is another explorer: he may look for his
 * predecessor's cache only once its hex is published (R 17.8). */
static void
test_book_predecessor_cache (Fixture       *fixture,
                             gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "cache", "player=Anna", "rations=20");
  apply_ok (fixture, "explorer-dies", "player=Anna", "cause=fever");
  next_turn (fixture);
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=600");
  next_turn (fixture);
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Baker", "specialty=doctor", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Anna", "kind=bearers", "count=1", "cost=10");
  apply_ok (fixture, "outfit", "player=Anna", "kind=gifts", "count=5", "cost=10");
  next_turn (fixture);
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "only in a published hex", "recover-cache", "player=Anna",
               "number=1", "die=4");
  /* Stanley's cache 1 is still on the board: Baker's first is number 2,
   * and no other can be numbered 1 (R 17.3). */
  apply_ok (fixture, "cache", "player=Anna", "gifts=1");
  assert_summary (fixture, "Baker hides cache 2 at B12: 1 gift");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "cache number 1", "cache", "player=Anna", "number=1", "gifts=1");

  /* Burton's Speke publishes B12: now the cache may be looked for. */
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=geologist", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Burton", "hex=B12");
  apply_ok (fixture, "record-hex", "player=Burton", "hex=B12", "terrain=veldt", "vp=2");
  go_to_europe (fixture, "Burton");
  apply_ok (fixture, "publish", "player=Burton");
  apply_ok (fixture, "recover-cache", "player=Anna", "number=1", "die=4");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->rations, ==, 20);
  /* Once Stanley's is dug up, its number is free again. */
  apply_ok (fixture, "cache", "player=Anna", "number=1", "gifts=1");
}

/* The extra draws follow what the published total rose by this turn:
 * a loss that came off with the awards counts against them (R 22.5,
 * 26.5). */
static void
test_book_donations_earned (Fixture       *fixture,
                            gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=jungle", "vp=4");
  apply_ok (fixture, "apply-effects", "player=Anna", "reason=Fever", "effects=bearers:-1 sick_bearers:+1");
  apply_ok (fixture, "discharge-sick", "player=Anna", "kind=bearers", "count=1");
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "publish", "player=Anna");
  g_assert_cmpint (nile_player_get_vp_published (nile_campaign_book_find_player (fixture->book, "Anna")), ==, 3);
  g_assert_cmpint (cards_due (fixture, "Anna"), ==, 1);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "draws 1 donation card this turn (3 VP published), not 2",
               "europe-turn", "player=Anna", "cards=250 250");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=ticket:Zanzibar");

  /* Not sailing the next turn, he lets the ticket go (R 26.3). */
  next_turn (fixture);
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=250");
  assert_summary (fixture, "Anna in Europe draws $250; 1 free ticket discarded (R 26.3)");
}

/* R 26.3: an explorer who stays in Europe holds at most five donations
 * before he draws; the poorest go, and the cards drawn come after. */
/* The book's players are made again as it changes: looked up each time. */
static int
donations (Fixture    *fixture,
           const char *player)
{
  return nile_player_get_donations (nile_campaign_book_find_player (fixture->book, player));
}

static void
test_book_hand_cut (Fixture       *fixture,
                    gconstpointer  data)
{
  static const char *draws[] = { "cards=300", "cards=100", "cards=500", "cards=200", "cards=400", "cards=600" };

  start_game (fixture);
  go_to_europe (fixture, "Anna");
  for (guint i = 0; i < G_N_ELEMENTS (draws); i++)
    {
      if (i > 0)
        next_turn (fixture);
      apply_ok (fixture, "europe-turn", "player=Anna", draws[i]);
      assert_summary_has (fixture, "Anna in Europe draws $");
      g_assert_null (strstr (last_summary (fixture), "over five"));
    }
  g_assert_cmpint (donations (fixture, "Anna"), ==, 2100);

  /* Six held: the $100 goes before the seventh is drawn. */
  next_turn (fixture);
  check_undo_redo (fixture, "europe-turn", "player=Anna", "cards=50");
  assert_summary (fixture, "Redid: Anna in Europe draws $50; 1 card over five discarded (R 26.3)");
  g_assert_cmpint (donations (fixture, "Anna"), ==, 2000 + 50);

  /* Six again ($50 among them): the $50 just drawn is now the poorest. */
  next_turn (fixture);
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=none");
  assert_summary (fixture, "Anna in Europe draws no donation; 1 card over five discarded (R 26.3)");
  g_assert_cmpint (donations (fixture, "Anna"), ==, 2000);
}

/* The draw of a turn in Europe counts every VP published that turn
 * (R 26.5): publishing after it would earn cards never drawn, so it
 * waits for the next turn. */
static void
test_book_publish_after_draw (Fixture       *fixture,
                              gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=jungle", "vp=4");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=jungle", "vp=5");
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=100 200", "publish=B12");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "R 26.5", "publish", "player=Anna");
  g_assert_cmpint (nile_player_get_vp_published (nile_campaign_book_find_player (fixture->book, "Anna")), ==, 4);

  /* The next turn he publishes the rest, and draws for it. */
  next_turn (fixture);
  apply_ok (fixture, "publish", "player=Anna");
  g_assert_cmpint (cards_due (fixture, "Anna"), ==, 2);
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=100 200");
}

/* The turn after he enters port an explorer may sail for Europe, and
 * the voyage takes that whole turn (R 21.4): port, sea and Europe in one
 * turn are refused, each refusal leaving the book as it was. A new
 * expedition spends the turn it lands in outfitting and leaves port the
 * next (R 26.2). */
static void
test_book_voyage_timing (Fixture       *fixture,
                         gconstpointer  data)
{
  NileExplorer *stanley;

  start_game (fixture);
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=veldt", "vp=2");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_status_turn (stanley), ==, 1);
  g_assert_cmpstr (nile_explorer_get_previous_status (stanley), ==, "in-port");

  /* Undo takes back the turn of the change with the change. */
  check_undo_redo (fixture, "move", "player=Anna", "status=in-port", "hex=Zanzibar", "distance=0");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_status_turn (stanley), ==, 1);
  g_assert_cmpstr (nile_explorer_get_previous_status (stanley), ==, "in-africa");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN,
               "Stanley entered port this turn; he may sail for Europe next turn (R 21.4)",
               "move", "player=Anna", "status=at-sea");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "cannot be in Europe next (R 21.4)", "move", "player=Anna",
               "status=in-europe");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "published only in Europe", "publish", "player=Anna");
  /* Back into the interior is no voyage: nothing holds him in port. */
  apply_ok (fixture, "move", "player=Anna", "status=in-africa", "hex=B12", "distance=1");
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));

  next_turn (fixture);
  check_undo_redo (fixture, "move", "player=Anna", "status=at-sea");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_status_turn (stanley), ==, 2);
  g_assert_cmpstr (nile_explorer_get_previous_status (stanley), ==, "in-port");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Stanley set sail this turn", "move", "player=Anna",
               "status=in-europe");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "published only in Europe", "publish", "player=Anna");

  /* The end of his turn at sea brings him to Europe, where what is left
   * of the expedition is disbanded (R 21.5). */
  check_undo_redo (fixture, "end-turn", "player=Anna");
  assert_summary_has (fixture, "End of Anna’s turn 2. Stanley reaches Europe");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpstr (nile_explorer_get_status (stanley), ==, "in-europe");
  g_assert_cmpint (nile_explorer_get_status_turn (stanley), ==, 2);
  g_assert_cmpstr (nile_explorer_get_previous_status (stanley), ==, "at-sea");
  g_assert_cmpint (nile_explorer_get_expedition (stanley)->bearers, ==, 0);
  g_assert_cmpint (nile_explorer_get_expedition (stanley)->rations, ==, 0);
  apply_ok (fixture, "end-turn", "player=Burton");
  check_undo_redo (fixture, "publish", "player=Anna");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=600");
  next_turn (fixture);

  /* Landed with a new expedition: outfitting takes the turn. */
  check_undo_redo (fixture, "sail", "player=Anna", "port=Zanzibar");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_status_turn (stanley), ==, 4);
  g_assert_cmpstr (nile_explorer_get_previous_status (stanley), ==, "in-europe");
  check_undo_redo (fixture, "outfit", "player=Anna", "kind=bearers", "count=5", "cost=50");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN,
               "Stanley’s new expedition landed at Zanzibar this turn and spends it outfitting;"
               " it may leave port next turn (R 26.2)",
               "set-out", "player=Anna", "hex=B12");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "(R 26.2)", "move", "player=Anna", "status=in-africa", "hex=B12");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "entered port this turn", "move", "player=Anna", "status=at-sea");
  next_turn (fixture);
  check_undo_redo (fixture, "set-out", "player=Anna", "hex=B12");
  stanley = explorer_of (fixture, "Anna");
  g_assert_cmpint (nile_explorer_get_status_turn (stanley), ==, 5);
  g_assert_cmpstr (nile_explorer_get_previous_status (stanley), ==, "in-port");

  /* Death is a change of status like any other. */
  check_undo_redo (fixture, "explorer-dies", "player=Anna", "cause=fever");
  g_assert_cmpstr (nile_explorer_get_previous_status (explorer_of (fixture, "Anna")), ==, "in-africa");
}

/* A port is in Africa too (R 24.61): two expeditions back in the same
 * port meet there. At sea they do not. */
static void
test_book_interview_in_port (Fixture       *fixture,
                             gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=zoologist", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Burton", "hex=B12");
  apply_ok (fixture, "move", "player=Burton", "hex=F20", "distance=4");
  apply_ok (fixture, "move", "player=Burton", "status=in-port", "hex=Zanzibar", "distance=0");
  apply_ok (fixture, "move", "player=Anna", "status=in-port", "hex=Zanzibar", "distance=0");
  check_undo_redo (fixture, "interview", "player=Anna", "subject=Burton");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 3);
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));

  next_turn (fixture);
  apply_ok (fixture, "move", "player=Anna", "status=at-sea");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "must be in the same hex in Africa", "interview", "player=Anna",
               "subject=Burton");
}

static void
test_book_interview (Fixture       *fixture,
                     gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=zoologist", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Burton", "hex=B12");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "only a journalist", "interview", "player=Burton",
               "subject=Anna");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Speke has been only 1 box from port", "interview", "player=Anna", "subject=Burton");
  apply_ok (fixture, "move", "player=Burton", "hex=F20", "distance=4");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "same hex", "interview", "player=Anna", "subject=Burton");
  apply_ok (fixture, "move", "player=Burton", "hex=B12", "distance=3");
  check_undo_redo (fixture, "interview", "player=Anna", "subject=Burton");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 3);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "already interviewed", "interview", "player=Anna",
               "subject=Burton");
}

static void
test_book_game_one (Fixture       *fixture,
                    gconstpointer  data)
{
  apply_ok (fixture, "set-campaign", "game=1", "goal=5");
  start_game (fixture);
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=veldt", "vp=6");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "No one has published", "game-one-win-check", NULL);
  go_to_europe (fixture, "Anna");
  /* 6 VP published this turn: one draw plus one (R 26.5). */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "draws 2", "europe-turn", "player=Anna", "cards=100",
               "publish=all");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=100 none", "publish=all");
  check_undo_redo (fixture, "game-one-win-check", NULL);
  g_assert_cmpstr (nile_campaign_book_get_winner (fixture->book), ==, "Anna");
}

static void
test_book_dg (Fixture       *fixture,
              gconstpointer  data)
{
  apply_ok (fixture, "set-campaign", "edition=dg");
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=medicine,zoology",
            "port=Zanzibar");
  g_assert_cmpstr (nile_explorer_get_specialty (explorer_of (fixture, "Anna")), ==, "medicine,zoology");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "counted in natives", "add-tribe", "counter=3", "hex=B12", "size=small");
  /* None given is asked for, not refused as a 0 nobody typed. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "A Discovery Games tribe is counted in natives: say how many, from "
               "1 to 216", "add-tribe", "counter=3", "hex=B12");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The natives must be from 1 to 216, not 0", "add-tribe", "counter=3",
               "hex=B12", "natives=0");
  apply_ok (fixture, "add-tribe", "counter=3", "hex=B12", "natives=12");
  /* DG schedule: jungle 2, river +1, natives +1 (nile_victory_dg_hex_value). */
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=jungle", "river=true", "natives=true");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 4);
  /* An oasis is found only in a desert without a river (DG Hex
   * Characteristics; R 10.51), and only natives who live there can be
   * defeated there: neither scores where it cannot be. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "oasis", "record-hex", "player=Anna", "hex=B13",
               "terrain=veldt", "oasis=true");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "oasis", "record-hex", "player=Anna", "hex=B13",
               "terrain=desert", "river=true", "oasis=true");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "natives", "record-hex", "player=Anna", "hex=B13",
               "terrain=desert", "defeated=true");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 4);
  /* Desert 1, oasis +2; then veldt 1, natives +1, defeated +1. */
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=desert", "oasis=true");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B14", "terrain=veldt", "natives=true", "defeated=true");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 10);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "tribes are recorded", "set-campaign", "edition=ah");
}

static void
count_changes (GListModel *model,
               guint       position,
               guint       removed,
               guint       added,
               guint      *n_changes)
{
  (*n_changes)++;
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *n_notifies)
{
  (*n_notifies)++;
}

/* The lists and properties follow the file with no call from the window. */
static void
test_book_follows_changes (Fixture       *fixture,
                           gconstpointer  data)
{
  GListModel *players = nile_campaign_book_get_players (fixture->book);
  guint n_changes = 0, n_notifies = 0;
  g_autoptr(GError) error = NULL;

  g_signal_connect (players, "items-changed", G_CALLBACK (count_changes), &n_changes);
  g_signal_connect (fixture->book, "notify::turn", G_CALLBACK (count_notify), &n_notifies);

  apply_ok (fixture, "add-player", "name=Anna");
  g_assert_cmpuint (n_changes, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (players), ==, 1);
  g_assert_true (g_list_model_get_item_type (players) == NILE_TYPE_PLAYER);

  apply_ok (fixture, "end-turn", "player=Anna");
  g_assert_cmpuint (n_notifies, ==, 1);
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, 2);

  nile_campaign_undo (fixture->campaign, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_notifies, ==, 2);
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, 1);

  g_signal_handlers_disconnect_by_data (players, &n_changes);
  g_signal_handlers_disconnect_by_data (fixture->book, &n_notifies);
}

/* Log lines use the players' words: no nick, a capital only where a
 * sentence starts, dollars grouped by thousands. */
static void
test_book_summaries_ah (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *end_turn = NULL;

  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist", "port=Zanzibar");
  assert_summary (fixture, "Anna sends Stanley (Journalist) to Zanzibar: the first expedition’s donations"
                           " (R 5.1), $1,000 to spend");
  apply_ok (fixture, "outfit", "player=Anna", "kind=bearers", "count=10", "cost=100");
  assert_summary (fixture, "Stanley buys 10 bearers for $100 at Zanzibar ($1,000 → $900)");
  apply_ok (fixture, "outfit", "player=Anna", "kind=guides", "count=1", "cost=30");
  assert_summary (fixture, "Stanley buys 1 guide for $30 at Zanzibar ($900 → $870)");
  /* One item over is one item, not "1 items". */
  apply_ok (fixture, "set-makeup", "player=Anna", "rations=101");
  assert_summary (fixture, "Stanley: rations 0 → 101; 1 item over what it can carry: discard, cache or discharge"
                           " (R 6.55)");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Stanley carries 1 item more than he can", "set-out",
               "player=Anna", "hex=B12");
  apply_ok (fixture, "set-makeup", "player=Anna", "rations=0");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  assert_summary (fixture, "Stanley leaves Zanzibar for B12; the $870 not spent is lost (R 5.3)");
  apply_ok (fixture, "move", "player=Anna", "hex=B13", "distance=2");
  assert_summary (fixture, "Stanley is in Africa at B13, 2 boxes from port");

  /* Attitude is a Discovery Games number: an Avalon Hill line has none. */
  apply_ok (fixture, "add-tribe", "counter=3", "hex=B13", "size=small");
  assert_summary (fixture, "Tribe 3 (small) lives at B13");
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=3", "friendly=true");
  assert_summary (fixture, "Tribe 3 toward Stanley: friendly");

  apply_ok (fixture, "apply-effects", "player=Anna", "reason=Fever in the swamp",
            "effects=bearers:-2 sick_bearers:+2 explorer_sick:1");
  assert_summary (fixture, "Fever in the swamp (Stanley) — the explorer falls sick, bearers 10 → 8,"
                           " sick bearers 0 → 2");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=jungle-swamp", "river=true", "vp=2");
  assert_summary (fixture, "Stanley maps B13: jungle and swamp, river, 2 VP unpublished");

  /* The steps of the turn's end are sentences of their own. */
  apply_ok (fixture, "end-turn", "player=Anna");
  end_turn = last_summary (fixture);
  g_assert_true (g_str_has_prefix (end_turn, "End of Anna’s turn 1. "));
  g_assert_true (g_str_has_suffix (end_turn, ". Turn 2 begins"));
  g_assert_null (strstr (end_turn, "; "));

  apply_ok (fixture, "move", "player=Anna", "status=in-port", "hex=Zanzibar", "distance=0");
  assert_summary (fixture, "Stanley is in port at Zanzibar");
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "move", "player=Anna", "status=at-sea");
  assert_summary (fixture, "Stanley is at sea");
  apply_ok (fixture, "end-turn", "player=Anna");
  assert_summary (fixture, "End of Anna’s turn 3. Stanley reaches Europe. Turn 4 begins");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Anna draws 1 donation card this turn", "europe-turn",
               "player=Anna", "cards=250 ticket:Zanzibar");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=1500");
  assert_summary (fixture, "Anna in Europe draws $1,500");
}

static void
test_book_summaries_dg (Fixture       *fixture,
                        gconstpointer  data)
{
  apply_ok (fixture, "set-campaign", "edition=dg");
  assert_summary (fixture, "Rules: Game II, Discovery Games edition, poison on a one");
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=medicine,zoology",
            "port=Zanzibar");
  assert_summary (fixture, "Anna sends Stanley (Medicine, Zoology) to Zanzibar: the first expedition’s"
                           " donations (R 5.1), $1,000 to spend");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  apply_ok (fixture, "add-tribe", "counter=3", "hex=B12", "natives=12");
  assert_summary (fixture, "Tribe 3 (12 natives) lives at B12");
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=3", "friendly=false", "attitude=-2");
  assert_summary (fixture, "Tribe 3 toward Stanley: not friendly, attitude -2");
  /* Everything the worked-out VP counts is named: 2 + 1 + 1 + 1. */
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=jungle", "river=true", "natives=true",
            "defeated=true");
  assert_summary (fixture, "Stanley maps B12: jungle, river, natives, natives defeated, 5 VP unpublished");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Stanley is in Africa and cannot be in Europe next",
               "move", "player=Anna", "status=in-europe");
}

/* A roll result whole, in its text form: the guide deserts and the
 * rations run short, in one change (test-apply-roll.c covers the rest). */
static void
test_book_apply_roll (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(NileRollResult) result = nile_roll_result_new ("lost", NILE_EDITION_AH, NULL);
  g_autoptr(GVariant) variant = NULL;
  g_autofree char *text = NULL;
  g_autofree char *roll_arg = NULL;

  nile_roll_result_add_effect (result, NILE_EFFECT_RATIONS, -5, NULL);
  nile_roll_result_add_effect (result, NILE_EFFECT_LOST, 1, NULL);
  nile_roll_result_set_text (result, "Lost: 2");
  variant = nile_roll_result_to_variant (result);
  text = g_variant_print (variant, TRUE);
  roll_arg = g_strconcat ("roll=", text, NULL);

  start_game (fixture);
  check_undo_redo (fixture, "apply-roll", "player=Anna", roll_arg);
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->rations, ==, 80);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "roll", "apply-roll", "player=Anna", "roll={'roll': 3}");
}

/* An epic journey counts the hexes published with it (R 25.32): not a
 * hex only partly explored, nor one published on an earlier
 * expedition. */
static void
test_book_epic_journey_hexes (Fixture       *fixture,
                              gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=veldt", "vp=1");
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=ticket:Zanzibar", "publish=all");
  next_turn (fixture);
  apply_ok (fixture, "sail", "player=Anna", "port=Zanzibar");
  next_turn (fixture);
  apply_ok (fixture, "set-out", "player=Anna", "hex=B13");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=veldt", "vp=1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B14", "terrain=veldt", "partial=true");

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "hexes published", "epic-journey", "player=Anna",
               "from=Zanzibar", "to=Khartoum", "hexes=2");
  apply_ok (fixture, "epic-journey", "player=Anna", "from=Zanzibar", "to=Khartoum", "hexes=1");
}

/* Epic journeys: the port groups of R 25.33, the VP of R 25.32, and the
 * DG transits at 1, ½, ¼ and ⅛ VP a hex. */
static void
test_book_epic_journeys (Fixture       *fixture,
                         gconstpointer  data)
{
  const char *labels[] = { "hex=B13", "hex=B14", "hex=B15", "hex=B16", "hex=B17", "hex=B18", "hex=B19", "hex=B20" };

  start_game (fixture);
  for (guint i = 0; i < 3; i++)
    apply_ok (fixture, "record-hex", "player=Anna", labels[i], "terrain=veldt", "vp=1");

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "give to-group=east-coast", "epic-journey", "player=Anna",
               "from=Zanzibar", "to=Luanda", "hexes=3");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "“to-group” can’t be “north-pole”", "epic-journey", "player=Anna",
               "from=Zanzibar", "to=Luanda", "to-group=north-pole", "hexes=3");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Durban is in Cape Colony, not the east coast", "epic-journey", "player=Anna",
               "from=Durban", "from-group=east-coast", "to=Khartoum", "hexes=3");
  /* Durban is Cape Colony, not the east coast (R 25.332). */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "not an epic journey", "epic-journey", "player=Anna",
               "from=Zanzibar", "to=Durban", "hexes=3");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "not an epic journey", "epic-journey", "player=Anna",
               "from=Luanda", "from-group=west-coast", "to=Boma", "to-group=west-coast", "hexes=3");
  /* He cannot count more hexes than he mapped. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "hexes published", "epic-journey", "player=Anna",
               "from=Zanzibar", "to=Khartoum", "hexes=4");

  check_undo_redo (fixture, "epic-journey", "player=Anna", "from=Luanda", "from-group=west-coast",
                   "to=Zanzibar", "hexes=3");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 3 + 3);
  /* The book lists it with the other points, not with the hexes. */
  {
    GListModel *other = nile_campaign_book_get_other_vp (fixture->book);
    g_autoptr(NileVpEntry) journey = g_list_model_get_item (other, 0);

    g_assert_cmpuint (g_list_model_get_n_items (other), ==, 1);
    g_assert_nonnull (strstr (nile_vp_entry_get_reason (journey), "Luanda"));
    g_assert_cmpstr (nile_vp_entry_get_explorer (journey), ==, "Stanley");
    g_assert_cmpstr (nile_vp_entry_get_player (journey), ==, "Anna");
    g_assert_cmpint (nile_vp_entry_get_amount (journey), ==, 3);
    g_assert_cmpstr (nile_vp_entry_get_state (journey), ==, "unpublished");
  }
  apply_ok (fixture, "epic-journey", "player=Anna", "from=Khartoum", "to=Port Elizabeth", "hexes=2");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 3 + 3 + 2);
  /* The way back is a journey of its own (R 25.331 "and vice versa"). */
  apply_ok (fixture, "epic-journey", "player=Anna", "from=Port Elizabeth", "to=Khartoum", "hexes=1");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 3 + 3 + 2 + 1);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "only the first", "epic-journey", "player=Anna",
               "from=Khartoum", "to=Port Elizabeth", "hexes=2");
  /* Capetown and Cape Town are one port: the second is no new first
   * (R 25.31), and no journey from the port to itself. */
  apply_ok (fixture, "epic-journey", "player=Anna", "from=Khartoum", "to=Capetown", "hexes=1");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "only the first", "epic-journey", "player=Anna",
               "from=Khartoum", "to=Cape Town", "hexes=1");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "only the first", "epic-journey", "player=Anna",
               "from=khartoum", "to= cape town", "hexes=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "two different ports", "epic-journey", "player=Anna",
               "from=Capetown", "to=Cape Town", "hexes=1");
  /* A port left blank is said so, not taken for the same port twice. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The port cannot be blank", "epic-journey", "player=Anna",
               "from= ", "to=Mombasa", "hexes=1");
}

static void
test_book_dg_transits (Fixture       *fixture,
                       gconstpointer  data)
{
  const char *labels[] = { "hex=C1", "hex=C2", "hex=C3", "hex=C4", "hex=C5", "hex=C6", "hex=C7", "hex=C8" };

  g_assert_cmpint (nile_epic_journey_dg_vp (8, 0), ==, 8);
  g_assert_cmpint (nile_epic_journey_dg_vp (8, 3), ==, 1);
  g_assert_cmpint (nile_epic_journey_dg_vp (7, 3), ==, 0);
  g_assert_cmpint (nile_epic_journey_dg_vp (8, 4), ==, 0);

  apply_ok (fixture, "set-campaign", "edition=dg");
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=geology", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Anna", "hex=C1");
  /* Desert is worth 1 VP a hex in DG. */
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    apply_ok (fixture, "record-hex", "player=Anna", labels[i], "terrain=desert");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 8);

  /* His first transit: 1 VP a hex. */
  check_undo_redo (fixture, "epic-journey", "player=Anna", "from=Khartoum", "to=Zanzibar", "hexes=8");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 8 + 8);
  /* Each transit earns once, whatever the ports. */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "crossed between Khartoum and the east coast", "epic-journey", "player=Anna",
               "from=Mombasa", "from-group=east-coast", "to=Khartoum", "hexes=8");
  /* Second ½, third ¼, fourth ⅛, rounded down. */
  apply_ok (fixture, "epic-journey", "player=Anna", "from=Luanda", "from-group=west-coast",
            "to=Zanzibar", "hexes=7");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 16 + 3);
  apply_ok (fixture, "epic-journey", "player=Anna", "from=Capetown", "to=Khartoum", "hexes=8");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 19 + 2);
  apply_ok (fixture, "epic-journey", "player=Anna", "from=Khartoum", "to=Luanda", "to-group=west-coast",
            "hexes=8");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 21 + 1);
}

/* Anna and Burton each with an explorer in Europe holding @anna_vp and
 * @burton_vp unpublished, in Game @game with a goal of 5. */
static void
two_in_europe (Fixture    *fixture,
               const char *game,
               const char *anna_vp,
               const char *burton_vp)
{
  apply_ok (fixture, "set-campaign", game, "goal=5");
  start_game (fixture);
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=geologist", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Burton", "hex=B20");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=veldt", anna_vp);
  apply_ok (fixture, "record-hex", "player=Burton", "hex=B20", "terrain=veldt", burton_vp);
  /* Both enter port in turn 1 and sail in turn 2: Europe in turn 3
   * (R 21.4). */
  for (guint turn = 0; turn < 2; turn++)
    for (guint i = 0; i < 2; i++)
      {
        const char *player = i == 0 ? "player=Anna" : "player=Burton";

        if (turn == 0)
          apply_ok (fixture, "move", player, "status=in-port", "hex=Zanzibar", "distance=0");
        else
          apply_ok (fixture, "move", player, "status=at-sea");
        apply_ok (fixture, "end-turn", player);
      }
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, 3);
}

/* Both reach the goal in the same turn: Burton has more, but Anna plays
 * first in turn order, and the game ended the moment she published
 * (R 7, 8.1). */
static void
test_book_game_one_same_turn (Fixture       *fixture,
                              gconstpointer  data)
{
  two_in_europe (fixture, "game=1", "vp=6", "vp=9");
  apply_ok (fixture, "publish", "player=Anna");
  apply_ok (fixture, "publish", "player=Burton");
  check_undo_redo (fixture, "game-one-win-check", NULL);
  g_assert_cmpstr (nile_campaign_book_get_winner (fixture->book), ==, "Anna");
  assert_summary_has (fixture, "Burton reached it later");

  /* The game ended there (R 8.1): nothing more is played, though names
   * and colours may still change; Undo takes the end back. */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "The game is over: Anna has won (R 8.1)", "game-one-win-check", NULL);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "The game is over", "game-two-end", NULL);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "The game is over", "end-turn", "player=Anna");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "The game is over", "europe-turn", "player=Anna", "cards=100");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "The game is over", "add-player", "name=Cole");
  check_undo_redo (fixture, "rename-player", "player=Burton", "name=Richard Burton");
  check_undo_redo (fixture, "recolour-player", "player=Anna", "colour=green");
  check_undo_redo (fixture, "rename-campaign", "name=Nile 1858, won");
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_null (nile_campaign_book_get_winner (fixture->book));
  apply_ok (fixture, "end-turn", "player=Anna");
}

/* Burton reached the goal a turn before Anna, who now has more: Burton
 * won then, whatever the check finds later. */
static void
test_book_game_one_earlier_turn (Fixture       *fixture,
                                 gconstpointer  data)
{
  two_in_europe (fixture, "game=1", "vp=9", "vp=5");
  apply_ok (fixture, "publish", "player=Burton");
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "end-turn", "player=Burton");
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, 4);
  apply_ok (fixture, "publish", "player=Anna");
  apply_ok (fixture, "game-one-win-check", NULL);
  g_assert_cmpstr (nile_campaign_book_get_winner (fixture->book), ==, "Burton");
  assert_summary_has (fixture, "5 published VP, the goal of 5 reached on turn 3");
}

/* One VP short is not a win; Game II has no goal to reach. */
static void
test_book_game_one_short (Fixture       *fixture,
                          gconstpointer  data)
{
  two_in_europe (fixture, "game=1", "vp=4", "vp=3");
  apply_ok (fixture, "publish", "player=Anna");
  apply_ok (fixture, "publish", "player=Burton");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "the best: Anna, 4", "game-one-win-check", NULL);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "plays Game I", "game-two-end", NULL);
  apply_ok (fixture, "set-campaign", "game=2");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Game II", "game-one-win-check", NULL);
}

/* Game II ends at an agreed time: the most published VP win, and a tie
 * names no winner (R 2.3). */
static void
test_book_game_two_end (Fixture       *fixture,
                        gconstpointer  data)
{
  two_in_europe (fixture, "game=2", "vp=6", "vp=6");
  apply_ok (fixture, "publish", "player=Anna");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "no race", "game-one-win-check", NULL);
  /* Unpublished VP do not count. */
  check_undo_redo (fixture, "game-two-end", NULL);
  g_assert_cmpstr (nile_campaign_book_get_winner (fixture->book), ==, "Anna");
  assert_summary_has (fixture, "Anna wins with the most published VP, 6");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "The game is over: Anna has won", "game-two-end", NULL);
}

static void
test_book_game_two_tie (Fixture       *fixture,
                        gconstpointer  data)
{
  two_in_europe (fixture, "game=2", "vp=6", "vp=6");
  apply_ok (fixture, "publish", "player=Anna");
  apply_ok (fixture, "publish", "player=Burton");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "Anna and Burton are tied on 6", "game-two-end", NULL);
  g_assert_null (nile_campaign_book_get_winner (fixture->book));
}

/* A Native Encounter stopped halfway is kept with its player, in the
 * book's JSON as well, taken back by undo, and ended, by its last step
 * or by the explorer's death; a state no window could take up again, or
 * a tribe not in the book, is refused. */
static void
test_book_keep_encounter (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(NileEncounter) encounter = nile_encounter_new (NILE_EDITION_AH, "Anna", 7);
  g_autoptr(NileEncounter) kept = NULL;
  g_autoptr(GVariant) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) json = NULL;
  g_autofree char *text = NULL;
  g_autofree char *state_arg = NULL;
  JsonArray *encounters;
  JsonObject *first;

  start_game (fixture);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=medium");
  nile_encounter_set_input (encounter, "policy", g_variant_new_int32 (3));
  saved = g_variant_ref_sink (nile_encounter_save (encounter));
  text = g_variant_print (saved, TRUE);
  state_arg = g_strconcat ("state=", text, NULL);

  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "8", "keep-encounter", "player=Anna", "tribe=8", state_arg);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "can’t be taken up again", "keep-encounter", "player=Anna",
               "tribe=7", "state={'format': <1>}");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "can’t be taken up again", "keep-encounter", "player=Anna",
               "tribe=7", "state=[1, 2");
  /* Said as the form it should have, not as GLib's "0-7:unknown keyword". */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT,
               "can’t be taken up again: it is not a record in GVariant text form, {'key': <value>, …}",
               "keep-encounter", "player=Anna", "tribe=7", "state=Stanley");

  check_undo_redo (fixture, "keep-encounter", "player=Anna", "tribe=7", state_arg);
  kept = nile_encounter_load (fixture->campaign, "Anna", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (nile_encounter_get_step (kept), ==, "attitude");
  g_assert_cmpint (nile_encounter_get_int (kept, "policy", 0), ==, 3);

  json = nile_campaign_book_to_json (fixture->book);
  encounters = json_object_get_array_member (json_node_get_object (json), "encounters");
  g_assert_cmpuint (json_array_get_length (encounters), ==, 1);
  first = json_array_get_object_element (encounters, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "player"), ==, "Anna");
  g_assert_cmpint (json_object_get_int_member (first, "tribe"), ==, 7);
  g_assert_cmpstr (json_object_get_string_member (first, "step"), ==, "attitude");

  check_undo_redo (fixture, "end-encounter", "player=Anna", "tribe=7");
  g_assert_null (nile_encounter_load (fixture->campaign, "Anna", &error));
  g_assert_no_error (error);

  /* A game master ends one by naming the player alone; with none under
   * way there is nothing to end. */
  apply_ok (fixture, "keep-encounter", "player=Anna", "tribe=7", state_arg);
  check_undo_redo (fixture, "end-encounter", "player=Anna");
  assert_summary (fixture, "Redid: Anna’s encounter with tribe 7 is over");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "Anna has no encounter under way", "end-encounter", "player=Anna");

  /* One that ended at its first step was never kept: naming its tribe
   * still ends it in the log. A tribe nobody met, or another than the
   * one the encounter kept is with, ended nothing yet was logged. */
  apply_ok (fixture, "end-encounter", "player=Anna", "tribe=7");
  assert_summary (fixture, "Anna’s encounter with tribe 7 is over");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "No tribe with native counter 9 is recorded", "end-encounter",
               "player=Anna", "tribe=9");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "No tribe with native counter -1 is recorded", "end-encounter",
               "player=Anna", "tribe=-1");
  apply_ok (fixture, "add-tribe", "counter=8", "hex=C6", "size=small");
  apply_ok (fixture, "keep-encounter", "player=Anna", "tribe=7", state_arg);
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Anna’s encounter under way is with tribe 7, not tribe 8",
               "end-encounter", "player=Anna", "tribe=8");
  g_assert_nonnull (nile_encounter_load (fixture->campaign, "Anna", &error));
  g_assert_no_error (error);
  apply_ok (fixture, "end-encounter", "player=Anna", "tribe=7");

  /* The explorer who stopped it dies: it ends with him, and comes back
   * with him when that is undone. */
  apply_ok (fixture, "keep-encounter", "player=Anna", "tribe=7", state_arg);
  apply_ok (fixture, "explorer-dies", "player=Anna", "cause=fever");
  g_assert_null (nile_encounter_load (fixture->campaign, "Anna", &error));
  g_assert_no_error (error);
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_clear_object (&kept);
  kept = nile_encounter_load (fixture->campaign, "Anna", &error);
  g_assert_no_error (error);
  g_assert_nonnull (kept);
}

/* Missionaries, doctors and ethnologists release their prisoners and
 * never loot; sparing a found village earns 1 VP, published in Europe
 * (R 16.41, 16.421, 16.422). */
static void
test_book_after_victory (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GObject) burton = NULL;
  int published;

  start_game (fixture);
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Livingstone", "specialty=missionary", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Burton", "hex=B12");
  apply_ok (fixture, "set-makeup", "player=Burton", "askaris=2");
  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=medium");
  apply_ok (fixture, "add-tribe", "counter=8", "hex=B12", "size=small");

  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "must release every prisoner", "after-victory",
               "player=Burton", "tribe=7", "prisoners=3", "keep=true");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "may not loot", "after-victory", "player=Burton", "tribe=7",
               "prisoners=3", "village=true", "loot=true");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Discovery Games", "after-victory", "player=Burton",
               "tribe=7", "village=true", "forced=true");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "say the village was found", "after-victory", "player=Anna",
               "tribe=7", "loot=true");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "no prisoners to keep", "after-victory", "player=Anna",
               "tribe=7", "keep=true");

  /* Nor can a looting roll be written into his books. */
  {
    g_autoptr(NileRollResult) loot = nile_roll_result_new ("looting", NILE_EDITION_AH, NULL);
    g_autoptr(GVariant) variant = NULL;
    g_autofree char *text = NULL;
    g_autofree char *roll_arg = NULL;

    nile_roll_result_add_effect (loot, NILE_EFFECT_RATIONS, 3, NULL);
    nile_roll_result_set_text (loot, "Looting: 3 rations");
    variant = nile_roll_result_to_variant (loot);
    text = g_variant_print (variant, TRUE);
    roll_arg = g_strconcat ("roll=", text, NULL);
    apply_fails (fixture, NILE_ERROR_FORBIDDEN, "may not loot", "apply-roll", "player=Burton", roll_arg);
    apply_ok (fixture, "apply-roll", "player=Anna", roll_arg);
    g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->rations, ==, 85 + 3);
  }

  /* Released, and the village spared: +1 VP on return to Europe. */
  check_undo_redo (fixture, "after-victory", "player=Burton", "tribe=7", "prisoners=3", "village=true");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Burton")), ==, 1);
  /* No village found, nothing to spare. */
  apply_ok (fixture, "after-victory", "player=Burton", "tribe=8", "prisoners=2");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Burton")), ==, 1);

  /* With no askari left after the fight there is no table B: no
   * prisoners, no village (R 16.4). */
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "no askari left", "after-victory", "player=Anna", "tribe=7",
               "prisoners=2", "keep=true", "village=true", "loot=true");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "no askari left", "after-victory", "player=Anna", "tribe=7",
               "village=true");
  apply_ok (fixture, "set-makeup", "player=Anna", "askaris=1");

  /* Anna's journalist may keep prisoners or loot, and earns nothing for it. */
  apply_ok (fixture, "after-victory", "player=Anna", "tribe=7", "prisoners=4", "keep=true", "village=true");
  g_assert_cmpint (nile_explorer_get_expedition (explorer_of (fixture, "Anna"))->bearers, ==, 18 + 4);
  apply_ok (fixture, "after-victory", "player=Anna", "tribe=8", "prisoners=1", "village=true", "loot=true");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 0);

  go_to_europe (fixture, "Burton");
  apply_ok (fixture, "publish", "player=Burton");
  burton = g_list_model_get_item (nile_campaign_book_get_players (fixture->book), 1);
  g_object_get (burton, "vp-published", &published, NULL);
  g_assert_cmpint (published, ==, 1);
}

/* DG: doctors and missionaries release their prisoners too, which raises
 * the tribe's attitude by 3; the askaris may loot against their word. */
static void
test_book_dg_after_victory (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *json = NULL;

  apply_ok (fixture, "set-campaign", "edition=dg");
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=medicine", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  apply_ok (fixture, "add-tribe", "counter=3", "hex=B12", "natives=12");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "must release", "after-victory", "player=Anna", "tribe=3",
               "prisoners=2", "keep=true");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "may not loot", "after-victory", "player=Anna", "tribe=3",
               "village=true", "loot=true");
  /* The askaris loot on a 6, and a 6 takes no prisoners (DG Victory). */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "no prisoners", "after-victory", "player=Anna", "tribe=3",
               "prisoners=2", "village=true", "forced=true");
  apply_ok (fixture, "after-victory", "player=Anna", "tribe=3", "prisoners=2", "village=true");
  /* No VP for sparing in DG; the attitude rises instead. */
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 0);
  json = snapshot (fixture);
  g_assert_nonnull (strstr (json, "\"attitude\" : 3"));
  g_assert_nonnull (strstr (json, "\"prisoners-released\" : 2"));
  /* A peaceful explorer cannot stop his askaris. */
  apply_ok (fixture, "after-victory", "player=Anna", "tribe=3", "village=true", "forced=true");
  g_assert_nonnull (strstr (last_summary (fixture), "the askaris loot the village regardless"));
}

/* DG: a victory over the natives of a hex the explorer has mapped earns
 * its "Defeat the Natives" +1 VP once, with the hex: published with it,
 * and lost with it when another publishes it first. record-hex's
 * defeated pays the same +1, never twice; a hex not mapped, or only in
 * part, earns nothing. */
static void
test_book_dg_defeat_natives (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *summary = NULL;

  apply_ok (fixture, "set-campaign", "edition=dg");
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "add-player", "name=Burton");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=zoology", "port=Zanzibar");
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=zoology", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  apply_ok (fixture, "set-out", "player=Burton", "hex=B12");
  apply_ok (fixture, "add-tribe", "counter=3", "hex=B12", "natives=12");

  /* Not mapped yet: the victory stands, and earns nothing. */
  apply_ok (fixture, "after-victory", "player=Anna", "tribe=3");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 0);

  /* Jungle 2, natives +1; then the victory +1, once. */
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=jungle", "natives=true");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 3);
  check_undo_redo (fixture, "after-victory", "player=Anna", "tribe=3", "prisoners=2");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 4);
  assert_summary_has (fixture, "+1 VP unpublished: the natives of B12 defeated");
  apply_ok (fixture, "after-victory", "player=Anna", "tribe=3");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 4);
  summary = last_summary (fixture);
  g_assert_null (strstr (summary, "VP"));
  g_clear_pointer (&summary, g_free);

  /* Speke's map of the same hex is his own, and so is his +1; not for
   * a battle with no tribe on the board. */
  apply_ok (fixture, "record-hex", "player=Burton", "hex=B12", "terrain=jungle", "natives=true");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "No tribe with native counter -1", "journalist-battle",
               "player=Burton", "tribe=-1", "result=won");
  apply_ok (fixture, "journalist-battle", "player=Burton", "tribe=3", "result=won");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Burton")), ==, 4);
  assert_summary_has (fixture, "+1 VP unpublished: the natives of B12 defeated");

  /* Recorded as defeated, the hex has had its +1 (veldt 1, natives +1,
   * defeated +1). */
  apply_ok (fixture, "move", "player=Anna", "hex=B13", "distance=2");
  apply_ok (fixture, "add-tribe", "counter=4", "hex=B13", "natives=8");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=veldt", "natives=true", "defeated=true");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 7);
  apply_ok (fixture, "after-victory", "player=Anna", "tribe=4");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 7);

  /* Part of a hex earns nothing (R 10.293), its natives' defeat neither. */
  apply_ok (fixture, "move", "player=Anna", "hex=B14", "distance=3");
  apply_ok (fixture, "add-tribe", "counter=5", "hex=B14", "natives=6");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B14", "terrain=veldt", "natives=true", "partial=true");
  apply_ok (fixture, "after-victory", "player=Anna", "tribe=5");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 7);

  /* Published with its hex; lost with it when another published first. */
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "publish", "player=Anna");
  g_assert_cmpint (nile_explorer_get_vp_published (explorer_of (fixture, "Anna")), ==, 7);
  go_to_europe (fixture, "Burton");
  apply_ok (fixture, "publish", "player=Burton");
  g_assert_cmpint (nile_explorer_get_vp_published (explorer_of (fixture, "Burton")), ==, 0);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Burton")), ==, 0);
}

/* An Avalon Hill victory earns no hex VP: its VP come from its own rules
 * (R 16.422, 24). */
static void
test_book_ah_victory_no_hex_vp (Fixture       *fixture,
                                gconstpointer  data)
{
  start_game (fixture);
  apply_ok (fixture, "add-tribe", "counter=3", "hex=B12", "size=small");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=jungle", "natives=true", "vp=2");
  apply_ok (fixture, "set-makeup", "player=Anna", "askaris=2");
  apply_ok (fixture, "after-victory", "player=Anna", "tribe=3", "prisoners=2");
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Anna")), ==, 2);
}

/* Spectacular discoveries and longest rivers are ranked only when their
 * publication wins Game I (R 22.7, 25.21): a height ranks behind every
 * higher one published; a river is worth 16, 8 or 4 (R 25.22–25.24). */
static void
test_book_rank_spectacular (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GObject) anna = NULL;
  int published;

  apply_ok (fixture, "set-campaign", "game=1", "goal=10");
  start_game (fixture);
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=geologist", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Burton", "hex=C1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=mountains", "mountain=13000", "vp=4");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=veldt", "river=true", "vp=2");
  apply_ok (fixture, "record-hex", "player=Burton", "hex=C1", "terrain=mountains", "mountain=15000", "vp=1");
  go_to_europe (fixture, "Burton");
  apply_ok (fixture, "publish", "player=Burton");
  go_to_europe (fixture, "Anna");

  /* Not yet published: nothing of his to rank. */
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "no mountain at B12", "rank-spectacular", "player=Anna",
               "awards=mountain:B12:2:2");
  apply_ok (fixture, "publish", "player=Anna");
  assert_summary_has (fixture, "4 VP short of the goal: if ranking these wins the game,"
                                                   " rank them now (R 22.7, 25.21)");
  assert_summary_has (fixture, "mountain at B12 (13,000 ft), river at B13");

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "ranks 2 among those published, not 1", "rank-spectacular",
               "player=Anna", "awards=mountain:B12:1:5");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "only when publishing them wins", "rank-spectacular",
               "player=Anna", "awards=mountain:B12:2:2");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "no lake at B12", "rank-spectacular", "player=Anna",
               "awards=lake:B12:1:3");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "not an award", "rank-spectacular", "player=Anna",
               "awards=river:B13:4");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "not an award", "rank-spectacular", "player=Anna",
               "awards=volcano:B13:1:2");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "repeats", "rank-spectacular", "player=Anna",
               "awards=river:B13:3,river:B13:2");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "No one has published 10", "game-one-win-check", NULL);

  /* 6 published + 2 for the second mountain + 4 for the third river. */
  check_undo_redo (fixture, "rank-spectacular", "player=Anna", "awards=mountain:B12:2:2, river:B13:3");
  anna = g_list_model_get_item (nile_campaign_book_get_players (fixture->book), 0);
  g_object_get (anna, "vp-published", &published, NULL);
  g_assert_cmpint (published, ==, 12);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "already ranked", "rank-spectacular", "player=Anna",
               "awards=none");
  apply_ok (fixture, "game-one-win-check", NULL);
  g_assert_cmpstr (nile_campaign_book_get_winner (fixture->book), ==, "Anna");
}

/* Game I ends when a player's published VP reach the goal (R 7, 8.1),
 * whether anyone checks or not: Burton got there a turn before Anna
 * published, so her discoveries are not ranked after it (R 22.7). */
static void
test_book_rank_spectacular_after_a_win (Fixture       *fixture,
                                        gconstpointer  data)
{
  apply_ok (fixture, "set-campaign", "game=1", "goal=10");
  start_game (fixture);
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=geologist", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Burton", "hex=C1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=mountains", "mountain=13000", "vp=8");
  apply_ok (fixture, "record-hex", "player=Burton", "hex=C1", "terrain=mountains", "mountain=15000", "vp=10");
  go_to_europe (fixture, "Burton");
  apply_ok (fixture, "publish", "player=Burton");
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "publish", "player=Anna");

  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Burton reached the goal of 10 VP in turn", "rank-spectacular",
               "player=Anna", "awards=mountain:B12:2:2");
  /* Burton's publication won: his ranking is the game's. */
  apply_ok (fixture, "rank-spectacular", "player=Burton", "awards=none");
  apply_ok (fixture, "game-one-win-check", NULL);
  g_assert_cmpstr (nile_campaign_book_get_winner (fixture->book), ==, "Burton");
}

/* In DG a mountain is spectacular only from 15,000 ft and a waterfall
 * scores only above 400 ft: lower ones are not ranked (DG Hex
 * Characteristics). */
static void
test_book_rank_spectacular_dg (Fixture       *fixture,
                               gconstpointer  data)
{
  apply_ok (fixture, "set-campaign", "game=1", "goal=8", "edition=dg");
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "add-player", "name=Burton");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=geology", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=mountains", "mountain=14900");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=mountains", "mountain=15000");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B14", "terrain=jungle", "river=true", "waterfall=400");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B15", "terrain=jungle", "river=true", "waterfall=401");
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "publish", "player=Anna");
  assert_summary_has (fixture, "rank the spectacular discoveries and longest rivers now (R 22.7, 25.21):"
                               " mountain at B13 (15,000 ft), waterfall at B15 (401 ft), river at B14,"
                               " river at B15");

  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "no spectacular mountain at B12", "rank-spectacular",
               "player=Anna", "awards=mountain:B12:2:2");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "no spectacular waterfall at B14", "rank-spectacular",
               "player=Anna", "awards=waterfall:B14:2:2");
  apply_ok (fixture, "rank-spectacular", "player=Anna", "awards=mountain:B13:1:3, waterfall:B15:1:2");
}

/* A lake ranks by its hexes, then by the extra square miles of the hex
 * that completed it (R 22.8), and only that hex claims it (R 22.9). */
static void
test_book_rank_lakes (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GObject) anna = NULL;
  int published;

  apply_ok (fixture, "set-campaign", "game=1", "goal=10");
  start_game (fixture);
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=geologist", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Burton", "hex=C1");

  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "Only a lake hex completes a lake", "record-hex",
               "player=Anna", "hex=B11", "terrain=swamp", "lake-hexes=1", "vp=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "size in hexes", "record-hex",
               "player=Anna", "hex=B11", "terrain=lake", "lake-hexes=4", "vp=1");

  /* Burton: a lake of two hexes and 300 square miles, one of one hex and
   * 900. Anna: a lake of two hexes and 200, whose first hex she mapped
   * too. */
  apply_ok (fixture, "record-hex", "player=Burton", "hex=C1", "terrain=lake", "lake=300", "lake-hexes=2", "vp=1");
  apply_ok (fixture, "record-hex", "player=Burton", "hex=C2", "terrain=lake", "lake=900", "lake-hexes=1", "vp=1");
  apply_ok (fixture, "record-hex", "player=Burton", "hex=C3", "terrain=lake", "lake=50", "vp=1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=lake", "lake=100", "vp=1");
  check_undo_redo (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=lake", "lake=200", "lake-hexes=2",
                   "vp=4");
  assert_summary_has (fixture, "it completes a lake of 2 hexes");
  /* A lake hex recorded without its size gets it afterwards. */
  check_undo_redo (fixture, "complete-lake", "player=Burton", "hex=C3", "lake-hexes=1");
  assert_summary_has (fixture, "Burton completes a lake of 1 hex at C3");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "already has its size", "complete-lake", "player=Anna",
               "hex=B13", "lake-hexes=3");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "No explorer of Anna has mapped a lake at C3", "complete-lake",
               "player=Anna", "hex=C3", "lake-hexes=1");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "size in hexes", "complete-lake", "player=Burton",
               "hex=C3", "lake-hexes=0");
  /* Not "no lake at " and nothing after it. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "The hex cannot be blank", "complete-lake", "player=Burton",
               "hex=", "lake-hexes=1");
  go_to_europe (fixture, "Burton");
  apply_ok (fixture, "publish", "player=Burton");
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "publish", "player=Anna");
  assert_summary_has (fixture, "lake at B13");

  /* Her first hex does not claim the lake. */
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "only the last hex of a lake", "rank-spectacular",
               "player=Anna", "awards=lake:B12:2:5");
  /* Two hexes beat one of more square miles; between two of two hexes
   * the square miles decide. */
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "ranks 2 among those published, not 1", "rank-spectacular",
               "player=Anna", "awards=lake:B13:1:8");
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "ranks 2 among those published, not 3", "rank-spectacular",
               "player=Anna", "awards=lake:B13:3:5");

  /* 5 published + 5 for the second lake. */
  check_undo_redo (fixture, "rank-spectacular", "player=Anna", "awards=lake:B13:2:5");
  anna = g_list_model_get_item (nile_campaign_book_get_players (fixture->book), 0);
  g_object_get (anna, "vp-published", &published, NULL);
  g_assert_cmpint (published, ==, 10);
}

/* Publishing reaches the goal with a river in hand: the win waits for
 * the ranking, even one where nothing ranks. */
static void
test_book_ranking_before_the_win (Fixture       *fixture,
                                  gconstpointer  data)
{
  apply_ok (fixture, "set-campaign", "game=1", "goal=5");
  start_game (fixture);
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=veldt", "river=true", "vp=6");
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "publish", "player=Anna");
  assert_summary_has (fixture, "Anna reaches the goal of 5 VP: rank the spectacular"
                                                   " discoveries and longest rivers now");
  apply_fails (fixture, NILE_ERROR_CONFLICT, "river at B12", "game-one-win-check", NULL);
  apply_ok (fixture, "rank-spectacular", "player=Anna", "awards=none");
  apply_ok (fixture, "game-one-win-check", NULL);
  g_assert_cmpstr (nile_campaign_book_get_winner (fixture->book), ==, "Anna");
}

/* Applies @name, which the core refuses, and returns why. */
static char *
refusal_strv (Fixture            *fixture,
              const char         *name,
              const char * const *args)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (apply_strv (fixture, name, args, &error));
  g_assert_nonnull (error);
  return g_strdup (error->message);
}

#define refusal(fixture, name, ...) \
  refusal_strv ((fixture), (name), (const char * const[]) { __VA_ARGS__, NULL })

static char *
name_as_typed (const char *operation,
               gpointer    user_data)
{
  return g_strdup (operation);
}

/* A refusal that advises another operation says what to do in a
 * player's words, as the window shows it; a front end that names
 * operations (the command line) has it named. A log line names none,
 * whoever wrote it: both read it. */
static void
test_book_advice_in_words (Fixture       *fixture,
                           gconstpointer  data)
{
  const char * const commands[] = { "add-tribe", "new-explorer", "rank-spectacular" };
  g_autofree char *no_tribe = NULL;
  g_autofree char *no_explorer = NULL;
  g_autofree char *unranked = NULL;
  g_autofree char *summary = NULL;

  apply_ok (fixture, "set-campaign", "game=1", "goal=5");
  start_game (fixture);
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=veldt", "river=true", "vp=6");
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "publish", "player=Anna");
  summary = last_summary (fixture);

  no_tribe = refusal (fixture, "journalist-battle", "player=Anna", "tribe=0", "result=won");
  no_explorer = refusal (fixture, "set-out", "player=Burton", "hex=C1");
  unranked = refusal (fixture, "game-one-win-check", NULL);
  g_assert_cmpstr (no_tribe, ==, "No tribe with native counter 0 is recorded; record the tribe first");
  g_assert_cmpstr (no_explorer, ==, "Burton has no explorer in play; send an explorer first");
  g_assert_nonnull (strstr (unranked, "even if none of them ranks; rank these first: river at B12"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_assert_null (strstr (no_tribe, commands[i]));
      g_assert_null (strstr (no_explorer, commands[i]));
      g_assert_null (strstr (unranked, commands[i]));
      g_assert_null (strstr (summary, commands[i]));
    }

  nile_operation_set_name_func (name_as_typed, NULL);
  g_clear_pointer (&no_tribe, g_free);
  g_clear_pointer (&no_explorer, g_free);
  g_clear_pointer (&unranked, g_free);
  no_tribe = refusal (fixture, "trade", "player=Anna", "tribe=9", "give=gifts", "given=1", "item=guides",
                      "received=1", "poison=4");
  no_explorer = refusal (fixture, "set-out", "player=Burton", "hex=C1");
  unranked = refusal (fixture, "game-one-win-check", NULL);
  nile_operation_set_name_func (NULL, NULL);
  g_assert_cmpstr (no_tribe, ==, "No tribe with native counter 9 is recorded; add it with add-tribe");
  g_assert_cmpstr (no_explorer, ==, "Burton has no explorer in play; start one with new-explorer");
  g_assert_nonnull (strstr (unranked, "rank them with rank-spectacular (awards=none if none of them ranks)"));
}

static char *
setting_as_typed (const char *operation,
                  const char *param,
                  const char *value,
                  gpointer    user_data)
{
  return g_strdup_printf ("%s=%s", param, value != NULL ? value : "");
}

/* A refusal that advises a parameter's setting says it in words where
 * the front end names no settings, as in the window; the command line
 * has the setting as it is typed. */
static void
test_book_settings_in_words (Fixture       *fixture,
                             gconstpointer  data)
{
  struct {
    const char *operation;
    const char *args[6];
    const char *words;
    const char *typed;
  } refusals[] = {
    { "after-victory", { "player=Anna", "tribe=7", "loot=true" },
      "Only a village that was found can be looted: say the village was found",
      "Only a village that was found can be looted: give village=true" },
    { "after-victory", { "player=Anna", "tribe=7", "keep=true" },
      "There are no prisoners to keep: say how many were taken",
      "There are no prisoners to keep: give prisoners=" },
    { "record-hex", { "player=Anna", "hex=B11", "terrain=swamp", "lake-hexes=1", "vp=1" },
      "Only a lake hex completes a lake: choose the terrain Lake, or give no size in hexes",
      "Only a lake hex completes a lake: give terrain=lake with lake-hexes" },
  };

  start_game (fixture);
  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=medium");

  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autofree char *words = refusal_strv (fixture, refusals[i].operation, refusals[i].args);
      g_autofree char *typed = NULL;

      g_assert_cmpstr (words, ==, refusals[i].words);
      g_assert_null (strchr (words, '='));

      nile_operation_set_setting_func (setting_as_typed, NULL);
      typed = refusal_strv (fixture, refusals[i].operation, refusals[i].args);
      nile_operation_set_setting_func (NULL, NULL);
      g_assert_cmpstr (typed, ==, refusals[i].typed);
    }
}

/* The last "items-changed" of a list, and how many there were. */
typedef struct {
  guint n_changes;
  guint position;
  guint removed;
  guint added;
} LastChange;

static void
record_change (GListModel *model,
               guint       position,
               guint       removed,
               guint       added,
               LastChange *last)
{
  last->n_changes++;
  last->position = position;
  last->removed = removed;
  last->added = added;
}

/* A change replaces only the items it touched, so a list view redraws
 * those rows alone and the others keep their objects. */
static void
test_book_changes_in_place (Fixture       *fixture,
                            gconstpointer  data)
{
  GListModel *caches = nile_campaign_book_get_caches (fixture->book);
  GListModel *players = nile_campaign_book_get_players (fixture->book);
  LastChange cache_change = { 0 }, player_change = { 0 };
  g_autoptr(GObject) first = NULL;
  g_autoptr(GObject) second = NULL;
  g_autoptr(GObject) burton = NULL;
  g_autoptr(GError) error = NULL;

  start_game (fixture);
  apply_ok (fixture, "cache", "player=Anna", "rations=5");
  apply_ok (fixture, "cache", "player=Anna", "gifts=2");
  first = g_list_model_get_item (caches, 0);
  second = g_list_model_get_item (caches, 1);
  burton = g_list_model_get_item (players, 1);
  g_signal_connect (caches, "items-changed", G_CALLBACK (record_change), &cache_change);
  g_signal_connect (players, "items-changed", G_CALLBACK (record_change), &player_change);

  /* A third cache: one item added at the end, the others untouched. */
  apply_ok (fixture, "cache", "player=Anna", "muskets=1");
  g_assert_cmpuint (cache_change.n_changes, ==, 1);
  g_assert_cmpuint (cache_change.position, ==, 2);
  g_assert_cmpuint (cache_change.removed, ==, 0);
  g_assert_cmpuint (cache_change.added, ==, 1);
  {
    g_autoptr(GObject) still_first = g_list_model_get_item (caches, 0);

    g_assert_true (still_first == first);
  }
  g_assert_cmpuint (player_change.n_changes, ==, 0);

  /* Digging up the first: that one item is replaced, nothing else. */
  apply_ok (fixture, "recover-cache", "player=Anna", "number=1", "die=4");
  g_assert_cmpuint (cache_change.n_changes, ==, 2);
  g_assert_cmpuint (cache_change.position, ==, 0);
  g_assert_cmpuint (cache_change.removed, ==, 1);
  g_assert_cmpuint (cache_change.added, ==, 1);
  g_assert_cmpstr (nile_cache_get_state (NILE_CACHE (first)), ==, "hidden");
  {
    g_autoptr(NileCache) recovered = g_list_model_get_item (caches, 0);
    g_autoptr(GObject) still_second = g_list_model_get_item (caches, 1);

    g_assert_cmpstr (nile_cache_get_state (recovered), ==, "recovered");
    g_assert_true (still_second == second);
  }

  /* A change elsewhere leaves the lists it does not touch alone. */
  apply_ok (fixture, "add-tribe", "counter=3", "hex=B12", "size=small");
  g_assert_cmpuint (cache_change.n_changes, ==, 2);
  g_assert_cmpuint (player_change.n_changes, ==, 0);
  {
    g_autoptr(GObject) still_burton = g_list_model_get_item (players, 1);

    g_assert_true (still_burton == burton);
  }

  /* Undo takes back only what the change made. */
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cache_change.n_changes, ==, 3);
  g_assert_cmpuint (cache_change.position, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (caches), ==, 3);

  g_signal_handlers_disconnect_by_data (caches, &cache_change);
  g_signal_handlers_disconnect_by_data (players, &player_change);
}

/* remove-player ------------------------------------------------------ */

/* Every table but the journal, from the export, which holds every row
 * of every table: the state undo must give back exactly. */
static JsonNode *
export_tables (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = nile_campaign_export_json (fixture->campaign, &error);
  g_autoptr(JsonNode) root = NULL;
  JsonArray *tables;

  g_assert_no_error (error);
  root = json_from_string (json, &error);
  g_assert_no_error (error);
  tables = json_object_get_array_member (json_node_get_object (root), "tables");
  for (guint i = json_array_get_length (tables); i > 0; i--)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (tables, i - 1), "name"),
                     "journal"))
      json_array_remove_element (tables, i - 1);

  return json_node_ref (json_object_get_member (json_node_get_object (root), "tables"));
}

static char *
export_state (Fixture *fixture)
{
  g_autoptr(JsonNode) tables = export_tables (fixture);

  return json_to_string (tables, TRUE);
}

/* What each column referring to another row refers to: the kind of
 * row, as the keys of the ids being removed are written ("explorer:3"). */
static const char *
reference_kind (const char *table,
                const char *column)
{
  static const struct {
    const char *table;   /* NULL: any table */
    const char *column;
    const char *kind;
  } references[] = {
    { "player", "id", "player" },
    { "explorer", "id", "explorer" },
    { "relation", "id", "relation" },
    { "hex_discovery", "id", "hex" },
    { "epic_journey", "id", "journey" },
    { "bonus_discovery", "id", "bonus" },
    { NULL, "player_id", "player" },
    { NULL, "current_player", "player" },
    { NULL, "winner", "player" },
    { NULL, "explorer_id", "explorer" },
    { NULL, "journalist_id", "explorer" },
    { NULL, "subject_id", "explorer" },
    { NULL, "relation_id", "relation" },
    { NULL, "hex_id", "hex" },
    { NULL, "journey_id", "journey" },
    { NULL, "bonus_id", "bonus" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (references); i++)
    if ((references[i].table == NULL || g_str_equal (references[i].table, table)) &&
        g_str_equal (references[i].column, column))
      return references[i].kind;
  return NULL;
}

/* Whether @row of @table refers to anything in @his. */
static gboolean
row_is_his (JsonObject *table,
            JsonArray  *row,
            GHashTable *his)
{
  const char *name = json_object_get_string_member (table, "name");
  JsonArray *columns = json_object_get_array_member (table, "columns");

  for (guint c = 0; c < json_array_get_length (columns); c++)
    {
      const char *kind = reference_kind (name, json_array_get_string_element (columns, c));
      JsonNode *value = json_array_get_element (row, c);
      g_autofree char *key = NULL;

      if (kind == NULL || JSON_NODE_HOLDS_NULL (value))
        continue;
      key = g_strdup_printf ("%s:%" G_GINT64_FORMAT, kind, json_node_get_int (value));
      if (g_hash_table_contains (his, key))
        return TRUE;
    }
  return FALSE;
}

static JsonObject *
find_table (JsonNode   *tables,
            const char *name)
{
  JsonArray *array = json_node_get_array (tables);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *table = json_array_get_object_element (array, i);

      if (g_str_equal (json_object_get_string_member (table, "name"), name))
        return table;
    }
  g_assert_not_reached ();
}

static gint64
column_int (JsonObject *table,
            JsonArray  *row,
            const char *column)
{
  JsonArray *columns = json_object_get_array_member (table, "columns");

  for (guint c = 0; c < json_array_get_length (columns); c++)
    if (g_str_equal (json_array_get_string_element (columns, c), column))
      return JSON_NODE_HOLDS_NULL (json_array_get_element (row, c)) ? 0
             : json_array_get_int_element (row, c);
  g_assert_not_reached ();
}

/* The rows that are @player's, as "kind:id": the player, his explorers
 * of every generation, and what hangs from them by id alone. */
static GHashTable *
rows_of_player (JsonNode   *tables,
                const char *player)
{
  GHashTable *his = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  static const struct {
    const char *table;
    const char *kind;
  } children[] = {
    { "explorer", "explorer" },
    { "relation", "relation" },
    { "hex_discovery", "hex" },
    { "epic_journey", "journey" },
    { "bonus_discovery", "bonus" },
  };
  JsonObject *players = find_table (tables, "player");
  JsonArray *rows = json_object_get_array_member (players, "rows");

  for (guint r = 0; r < json_array_get_length (rows); r++)
    {
      JsonArray *row = json_array_get_array_element (rows, r);

      if (g_str_equal (json_array_get_string_element (row, 1), player))
        g_hash_table_add (his, g_strdup_printf ("player:%" G_GINT64_FORMAT, column_int (players, row, "id")));
    }
  g_assert_cmpuint (g_hash_table_size (his), ==, 1);

  /* In order: each kind hangs from one found before it. */
  for (guint i = 0; i < G_N_ELEMENTS (children); i++)
    {
      JsonObject *table = find_table (tables, children[i].table);

      rows = json_object_get_array_member (table, "rows");
      for (guint r = 0; r < json_array_get_length (rows); r++)
        {
          JsonArray *row = json_array_get_array_element (rows, r);

          if (row_is_his (table, row, his))
            g_hash_table_add (his, g_strdup_printf ("%s:%" G_GINT64_FORMAT, children[i].kind,
                                                    column_int (table, row, "id")));
        }
    }
  return his;
}

/* @table's rows that are not in @his, as JSON. */
static char *
rows_not_his (JsonObject *table,
              GHashTable *his)
{
  JsonArray *rows = json_object_get_array_member (table, "rows");
  g_autoptr(JsonArray) kept = json_array_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);

  for (guint r = 0; r < json_array_get_length (rows); r++)
    if (!row_is_his (table, json_array_get_array_element (rows, r), his))
      json_array_add_element (kept, json_node_copy (json_array_get_element (rows, r)));
  json_node_set_array (node, kept);
  return json_to_string (node, FALSE);
}

/* Anna, Burton and Cole; Anna's first explorer hid a cache and died, and
 * her second one, a journalist, has done a bit of everything: donations,
 * a tribe met, traded with and fought, hexes and a lake mapped, a bonus,
 * an epic journey, an interview given and one taken, a step of her turn. */
static void
start_game_to_remove (Fixture *fixture)
{
  apply_ok (fixture, "add-player", "name=Anna", "colour=red");
  apply_ok (fixture, "add-player", "name=Burton", "colour=blue");
  apply_ok (fixture, "add-player", "name=Cole", "colour=green");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Park", "specialty=explorer", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Anna", "kind=bearers", "count=2", "cost=20");
  apply_ok (fixture, "outfit", "player=Anna", "kind=rations", "count=10", "cost=10");
  apply_ok (fixture, "set-out", "player=Anna", "hex=A1");
  apply_ok (fixture, "cache", "player=Anna", "rations=5");
  apply_ok (fixture, "explorer-dies", "player=Anna", "cause=fever");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "europe-turn", "player=Anna", "cards=600");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Anna", "kind=bearers", "count=4", "cost=40");
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=zoologist", "port=Zanzibar");
  apply_ok (fixture, "new-explorer", "player=Cole", "name=Bly", "specialty=journalist", "port=Zanzibar");
  apply_ok (fixture, "outfit", "player=Anna", "kind=gifts", "count=30", "cost=60");
  play_on_to (fixture, "Anna");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  apply_ok (fixture, "set-out", "player=Burton", "hex=B12");
  apply_ok (fixture, "set-out", "player=Cole", "hex=B12");
  apply_ok (fixture, "move", "player=Anna", "hex=B12", "distance=4");
  apply_ok (fixture, "move", "player=Burton", "hex=B12", "distance=4");
  apply_ok (fixture, "interview", "player=Anna", "subject=Burton");
  apply_ok (fixture, "interview", "player=Cole", "subject=Anna");
  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=small");
  apply_ok (fixture, "set-relation", "player=Anna", "tribe=7", "friendly=true", "negotiated=true");
  apply_ok (fixture, "trade", "player=Anna", "tribe=7", "give=gifts", "given=30", "item=rations",
            "received=20", "poison=4");
  apply_ok (fixture, "journalist-battle", "player=Anna", "tribe=7", "result=won");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B13", "terrain=veldt", "vp=1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B14", "terrain=veldt", "vp=1");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B15", "terrain=lake", "lake=200", "lake-hexes=1",
            "vp=1");
  /* A hex Burton mapped too stays his. */
  apply_ok (fixture, "record-hex", "player=Burton", "hex=B13", "terrain=veldt", "vp=1");
  apply_ok (fixture, "bonus-discovery", "player=Anna", "description=a new orchid", "die=4", "item=plant",
            "name=Vanda orchid");
  apply_ok (fixture, "epic-journey", "player=Anna", "from=Luanda", "from-group=west-coast", "to=Zanzibar",
            "hexes=3");
  apply_ok (fixture, "turn-step", "player=Anna", "step=hunting");
}

/* DG: a player leaving takes the defeats of his hexes' natives with
 * them, and leaves the others' (format 13); undo puts them back. */
static void
test_book_remove_player_dg (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(JsonNode) before = NULL;
  g_autoptr(JsonNode) after = NULL;
  g_autofree char *state_before = NULL;
  g_autofree char *state_undone = NULL;
  g_autoptr(GError) error = NULL;

  apply_ok (fixture, "set-campaign", "edition=dg");
  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "add-player", "name=Burton");
  apply_ok (fixture, "new-explorer", "player=Anna", "name=Stanley", "specialty=zoology", "port=Zanzibar");
  apply_ok (fixture, "new-explorer", "player=Burton", "name=Speke", "specialty=zoology", "port=Zanzibar");
  apply_ok (fixture, "set-out", "player=Anna", "hex=B12");
  apply_ok (fixture, "set-out", "player=Burton", "hex=B12");
  apply_ok (fixture, "add-tribe", "counter=3", "hex=B12", "natives=12");
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=jungle", "natives=true");
  apply_ok (fixture, "record-hex", "player=Burton", "hex=B12", "terrain=jungle", "natives=true");
  apply_ok (fixture, "after-victory", "player=Anna", "tribe=3");
  apply_ok (fixture, "after-victory", "player=Burton", "tribe=3");
  before = export_tables (fixture);
  state_before = export_state (fixture);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (find_table (before, "natives_defeated"),
                                                                         "rows")), ==, 2);

  apply_ok (fixture, "remove-player", "player=Anna");
  after = export_tables (fixture);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (find_table (after, "natives_defeated"),
                                                                         "rows")), ==, 1);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Burton")), ==, 4);

  nile_campaign_undo (fixture->campaign, &error);
  g_assert_no_error (error);
  state_undone = export_state (fixture);
  g_assert_cmpstr (state_before, ==, state_undone);
}

/* A player leaves with everything that is his, in every table, and
 * nothing of anyone else's; one undo puts it all back, after a restart
 * too. */
static void
test_book_remove_player (Fixture       *fixture,
                         gconstpointer  data)
{
  GListModel *players = nile_campaign_book_get_players (fixture->book);
  static const char * const tables_with_hers[] = {
    "player", "explorer", "expedition", "status_change", "donation", "cache", "relation", "battle", "trade",
    "hex_discovery", "lake_extent", "bonus_discovery", "bonus_item", "bonus_name", "interview", "epic_journey",
    "epic_journey_kind", "vp_entry", "turn_step", "game",
  };
  g_autoptr(JsonNode) before = NULL;
  g_autoptr(JsonNode) after = NULL;
  g_autoptr(GHashTable) hers = NULL;
  g_autofree char *state_before = NULL;
  g_autofree char *state_after = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "campaign.nile", NULL);
  g_autoptr(GError) error = NULL;
  guint n_lines;
  int turn;

  start_game_to_remove (fixture);
  turn = nile_campaign_book_get_turn (fixture->book);
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Anna");
  before = export_tables (fixture);
  state_before = export_state (fixture);
  hers = rows_of_player (before, "Anna");
  /* The game above did leave something of hers in every such table. */
  for (guint i = 0; i < G_N_ELEMENTS (tables_with_hers); i++)
    {
      JsonObject *table = find_table (before, tables_with_hers[i]);
      JsonArray *rows = json_object_get_array_member (table, "rows");
      guint n_hers = 0;

      for (guint r = 0; r < json_array_get_length (rows); r++)
        n_hers += row_is_his (table, json_array_get_array_element (rows, r), hers);
      if (n_hers == 0)
        g_error ("Nothing of Anna’s in “%s” to remove", tables_with_hers[i]);
    }
  n_lines = g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));

  check_undo_redo (fixture, "remove-player", "player=anna");
  assert_summary (fixture, "Redid: Removed player Anna with 2 explorers; it is Burton’s turn");
  /* Her lines stay in the log, with the one that says she left. */
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), ==, n_lines + 3);

  /* Nothing of hers is left anywhere, and everything else is as it was. */
  after = export_tables (fixture);
  state_after = export_state (fixture);
  {
    JsonArray *tables = json_node_get_array (after);

    for (guint i = 0; i < json_array_get_length (tables); i++)
      {
        JsonObject *table = json_array_get_object_element (tables, i);
        const char *name = json_object_get_string_member (table, "name");
        JsonArray *rows = json_object_get_array_member (table, "rows");
        g_autofree char *kept_before = NULL;
        g_autofree char *kept_after = NULL;

        for (guint r = 0; r < json_array_get_length (rows); r++)
          if (row_is_his (table, json_array_get_array_element (rows, r), hers))
            g_error ("Something of Anna’s is left in “%s”", name);

        /* The others' places in the turn order and the turn change. */
        if (g_str_equal (name, "player") || g_str_equal (name, "game"))
          continue;
        kept_before = rows_not_his (find_table (before, name), hers);
        kept_after = rows_not_his (table, hers);
        if (!g_str_equal (kept_before, kept_after))
          g_error ("“%s” lost more than Anna’s rows:\n%s\n%s", name, kept_before, kept_after);
      }
  }
  g_assert_cmpuint (g_list_model_get_n_items (players), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(NilePlayer) player = g_list_model_get_item (players, i);

      g_assert_cmpstr (nile_player_get_name (player), ==, i == 0 ? "Burton" : "Cole");
      g_assert_cmpint (nile_player_get_turn_order (player), ==, i + 1);
    }
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Burton");
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, turn);
  g_assert_null (nile_campaign_book_find_player (fixture->book, "Anna"));
  /* Cole's journalist keeps what interviewing her earned. */
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer_of (fixture, "Cole")), ==, 3);

  /* After a restart, undo and redo still give back each state exactly. */
  g_clear_object (&fixture->book);
  g_assert_finalize_object (fixture->campaign);
  fixture->campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  fixture->book = nile_campaign_book_new (fixture->campaign);
  {
    g_autofree char *undone = NULL;
    g_autofree char *redone = NULL;

    g_assert_true (nile_campaign_undo (fixture->campaign, &error));
    g_assert_no_error (error);
    undone = export_state (fixture);
    g_assert_cmpstr (undone, ==, state_before);
    g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Anna");
    g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_book_get_players (fixture->book)), ==, 3);
    g_assert_true (nile_campaign_redo (fixture->campaign, &error));
    g_assert_no_error (error);
    redone = export_state (fixture);
    g_assert_cmpstr (redone, ==, state_after);
    g_assert_true (nile_campaign_check (fixture->campaign, &error));
    g_assert_no_error (error);
  }
}

/* Whose turn it is after a player leaves, and how the others close up. */
static void
test_book_remove_player_turns (Fixture       *fixture,
                               gconstpointer  data)
{
  GListModel *players = nile_campaign_book_get_players (fixture->book);

  apply_ok (fixture, "add-player", "name=Anna");
  apply_ok (fixture, "add-player", "name=Burton");
  apply_ok (fixture, "add-player", "name=Cole");
  apply_ok (fixture, "add-player", "name=Dora");

  /* Not his turn: it stays Anna's; those after him move up a place. */
  apply_ok (fixture, "remove-player", "player=Burton");
  assert_summary (fixture, "Removed player Burton");
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Anna");
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, 1);
  for (guint i = 0; i < 3; i++)
    {
      static const char * const order[] = { "Anna", "Cole", "Dora" };
      g_autoptr(NilePlayer) player = g_list_model_get_item (players, i);

      g_assert_cmpstr (nile_player_get_name (player), ==, order[i]);
      g_assert_cmpint (nile_player_get_turn_order (player), ==, i + 1);
    }

  /* The last in turn order leaves in his turn: the next turn begins. */
  apply_ok (fixture, "end-turn", "player=Anna");
  apply_ok (fixture, "end-turn", "player=Cole");
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Dora");
  apply_ok (fixture, "remove-player", "player=Dora");
  assert_summary (fixture, "Removed player Dora; turn 2 begins with Anna");
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Anna");
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, 2);
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Dora");
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, 1);

  /* A player added later never takes the id the log knows her by: her
   * lines stay hers, not the newcomer's. */
  apply_ok (fixture, "remove-player", "player=Dora");
  apply_ok (fixture, "add-player", "name=Emin");
  {
    g_autoptr(NilePlayer) emin = g_object_ref (nile_campaign_book_find_player (fixture->book, "Emin"));
    g_autoptr(GError) error = NULL;
    g_autoptr(NileLogModel) lines = nile_campaign_get_log_filtered (fixture->campaign, nile_player_get_id (emin),
                                                                     NILE_LOG_FILTER_ALL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (lines)), ==, 1);
  }

  /* One player is left: the campaign keeps him. */
  apply_ok (fixture, "remove-player", "player=Emin");
  apply_ok (fixture, "remove-player", "player=Cole");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "Anna is the only player", "remove-player", "player=Anna");
  apply_fails (fixture, NILE_ERROR_NOT_FOUND, "no player called “Livingstone”", "remove-player",
               "player=Livingstone");
}

/* A ranking of the spectacular discoveries goes with the player it was
 * for; once the game is won, no one leaves it (R 8.1): the result
 * stands unless the end is undone. */
static void
test_book_remove_player_game_one (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  apply_ok (fixture, "set-campaign", "game=1", "goal=5");
  start_game (fixture);
  apply_ok (fixture, "record-hex", "player=Anna", "hex=B12", "terrain=mountains", "mountain=13000", "vp=6");
  go_to_europe (fixture, "Anna");
  apply_ok (fixture, "publish", "player=Anna");
  apply_ok (fixture, "rank-spectacular", "player=Anna", "awards=mountain:B12:1:4");
  before = export_state (fixture);
  g_assert_nonnull (strstr (before, "\"spectacular_award\""));

  apply_ok (fixture, "remove-player", "player=Anna");
  after = export_state (fixture);
  {
    g_autoptr(JsonNode) tables = export_tables (fixture);

    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (find_table (tables,
                      "spectacular_ranking"), "rows")), ==, 0);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (find_table (tables,
                      "spectacular_award"), "rows")), ==, 0);
  }
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "No one has published 5", "game-one-win-check", NULL);
  g_assert_true (nile_campaign_undo (fixture->campaign, NULL));
  g_clear_pointer (&after, g_free);
  after = export_state (fixture);
  g_assert_cmpstr (after, ==, before);

  apply_ok (fixture, "game-one-win-check", NULL);
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "The game is over: Anna has won", "remove-player", "player=Anna");
  apply_fails (fixture, NILE_ERROR_FORBIDDEN, "The game is over: Anna has won", "remove-player", "player=Burton");
}

/* Whether every operation of the book has an undo and redo test among
 * those that ran; the first one it lacks goes in @missing. */
static gboolean
every_operation_covered (const char **missing)
{
  const NileOperation *all;
  guint n;

  all = nile_operation_get_all (&n);
  for (guint i = 0; i < n; i++)
    {
      /* The store's own operation is tested with the store. */
      if (g_str_equal (all[i].name, "rename-campaign"))
        continue;
      /* The steps of a turn are not part of the book, and the rolls of a
       * turn are written down with theirs; test-turn undoes them. */
      if (g_str_equal (all[i].name, "turn-step") || g_str_equal (all[i].name, "recovery-roll") ||
          g_str_equal (all[i].name, "escape-roll") || g_str_equal (all[i].name, "turn-roll"))
        continue;
      if (!g_hash_table_contains (covered, all[i].name))
        {
          *missing = all[i].name;
          return FALSE;
        }
    }

  return TRUE;
}

static void
test_book_every_operation_tested (void)
{
  const char *missing = NULL;

  /* Run on its own, or after only some of the cases, it runs them all. */
  if (!every_operation_covered (&missing))
    cases_cover ();
  if (!every_operation_covered (&missing))
    g_error ("No undo and redo test for “%s”", missing);
}

/* A parameter whose choices a form shows by their names: each choice is
 * a nick of its enum, so it has a name to show. */
static void
test_book_choices_have_names (void)
{
  const NileOperation *all;
  guint n, n_named = 0;

  all = nile_operation_get_all (&n);
  for (guint i = 0; i < n; i++)
    for (const NileOperationParam *param = all[i].params; param->name != NULL; param++)
      {
        g_autoptr(GEnumClass) type = NULL;

        if (param->choice_type == NULL)
          continue;
        g_assert_nonnull (param->choices);
        type = g_type_class_ref (param->choice_type ());
        for (guint j = 0; param->choices[j] != NULL; j++)
          {
            if (g_enum_get_value_by_nick (type, param->choices[j]) == NULL)
              g_error ("%s: %s: “%s” is not a nick of %s", all[i].name, param->name, param->choices[j],
                       g_type_name (param->choice_type ()));
            n_named++;
          }
      }
  /* Terrains twice, modes twice, statuses and sizes. */
  g_assert_cmpuint (n_named, >=, 8 + 8 + 3 + 3 + 5 + 3);
}

static void
count_added (guint      *n_added,
             guint       position,
             guint       removed,
             guint       added)
{
  *n_added += added;
}

/* The tribes are read when first asked for, and follow every change
 * after that like the other lists. */
static void
test_book_tribes_on_demand (Fixture       *fixture,
                            gconstpointer  data)
{
  GListModel *tribes;
  guint n_added = 0;

  apply_ok (fixture, "add-tribe", "counter=7", "hex=B12", "size=small");

  tribes = nile_campaign_book_get_tribes (fixture->book);
  g_assert_cmpuint (g_list_model_get_n_items (tribes), ==, 1);
  g_assert_true (nile_campaign_book_get_tribes (fixture->book) == tribes);

  g_signal_connect_swapped (tribes, "items-changed", G_CALLBACK (count_added), &n_added);
  apply_ok (fixture, "add-tribe", "counter=8", "hex=B13", "size=large");
  g_assert_cmpuint (g_list_model_get_n_items (tribes), ==, 2);
  g_assert_cmpuint (n_added, ==, 1);
  g_signal_handlers_disconnect_by_data (tribes, &n_added);
}

static const NileOperationParam *
find_param (const char *operation,
            const char *name)
{
  const NileOperation *op = nile_operation_lookup (operation);

  g_assert_nonnull (op);
  for (const NileOperationParam *param = op->params; param->name != NULL; param++)
    if (g_str_equal (param->name, name))
      return param;
  g_assert_not_reached ();
}

/* A parameter with a fixed set of values says which, so a form offers
 * them to choose from: each is one its operation takes, the terrains in
 * NileTerrain's order, and nothing else gets through. */
static void
test_book_param_choices (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GEnumClass) terrains = g_type_class_ref (NILE_TYPE_TERRAIN);
  g_autoptr(GEnumClass) sizes = g_type_class_ref (NILE_TYPE_TRIBE_SIZE);
  const NileOperationParam *terrain = find_param ("record-hex", "terrain");
  const NileOperationParam *size = find_param ("add-tribe", "size");
  const NileOperationParam *kind = find_param ("outfit", "kind");

  g_assert_cmpuint (g_strv_length ((char **) terrain->choices), ==, terrains->n_values);
  for (guint i = 0; i < terrains->n_values; i++)
    g_assert_cmpstr (terrain->choices[i], ==, terrains->values[i].value_nick);
  g_assert_true (find_param ("end-turn", "terrain")->choices == terrain->choices);
  g_assert_cmpuint (g_strv_length ((char **) size->choices), ==, sizes->n_values);
  for (guint i = 0; i < sizes->n_values; i++)
    g_assert_cmpstr (size->choices[i], ==, sizes->values[i].value_nick);

  /* Every kind on sale can be bought in Zanzibar but the animals, which
   * are refused for where they are sold, not for what they are. */
  start_game (fixture);
  apply_ok (fixture, "move", "player=Anna", "status=in-port", "hex=Zanzibar", "distance=0");
  for (guint i = 0; kind->choices[i] != NULL; i++)
    {
      g_autofree char *arg = g_strconcat ("kind=", kind->choices[i], NULL);
      g_autoptr(GVariant) params = NULL;
      g_autoptr(GError) error = NULL;
      const char *pairs[] = { "player=Anna", arg, "count=1", "cost=1", NULL };

      g_assert_true (nile_operation_parse_params (nile_operation_lookup ("outfit"), pairs, &params, &error));
      if (!nile_campaign_apply (fixture->campaign, "outfit", g_steal_pointer (&params), &error))
        g_assert_false (g_error_matches (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT));
    }
  apply_fails (fixture, NILE_ERROR_INVALID_INPUT, "one of small, medium, large", "add-tribe", "counter=9",
               "hex=K9", "size=Huge");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (strchr (argv[0], G_DIR_SEPARATOR) != NULL)
    self_path = g_canonicalize_filename (argv[0], NULL);
  else
    self_path = g_find_program_in_path (argv[0]);
  g_test_init (&argc, &argv, NULL);
  covered = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

#define ADD(name, func) \
  g_test_add ("/book/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("players", test_book_players);
  ADD ("typed-text", test_book_typed_text);
  ADD ("text-too-long", test_book_text_too_long);
  ADD ("player-names", test_book_player_names);
  ADD ("nothing-changed", test_book_nothing_changed);
  ADD ("tribes-on-demand", test_book_tribes_on_demand);
  ADD ("outfit", test_book_outfit);
  ADD ("outfit-once", test_book_outfit_once);
  ADD ("horses-at-the-cape", test_book_horses_at_the_cape);
  ADD ("lose-carriers", test_book_lose_carriers);
  ADD ("one-of-each", test_book_one_of_each);
  ADD ("dismounted-at-end-of-turn", test_book_dismounted_at_end_of_turn);
  ADD ("cataract", test_book_cataract);
  ADD ("makeup", test_book_makeup);
  ADD ("end-turn", test_book_end_turn);
  ADD ("whole-numbers", test_book_whole_numbers);
  ADD ("desert-water", test_book_desert_water);
  ADD ("shoot-animals", test_book_shoot_animals);
  ADD ("caches", test_book_caches);
  ADD ("predecessor-cache", test_book_predecessor_cache);
  ADD ("tribes", test_book_tribes);
  ADD ("trade-limit-reached", test_book_trade_limit_reached);
  ADD ("journalist-captive", test_book_journalist_captive);
  ADD ("poison-house-rule", test_book_poison_house_rule);
  ADD ("discoveries", test_book_discoveries);
  ADD ("first-to-publish", test_book_first_to_publish);
  ADD ("bonus-once-a-turn", test_book_bonus_once_a_turn);
  ADD ("bonus-items", test_book_bonus_items);
  ADD ("bonus-items-kept", test_book_bonus_items_kept);
  ADD ("bonus-names", test_book_bonus_names);
  ADD ("bonus-items-moved-home", test_book_bonus_items_moved_home);
  ADD ("bonus-needs-musket", test_book_bonus_needs_musket);
  ADD ("partial-hex", test_book_partial_hex);
  ADD ("second-expedition", test_book_second_expedition);
  ADD ("sail-known-ports", test_book_sail_known_ports);
  ADD ("donations-earned", test_book_donations_earned);
  ADD ("port-spellings", test_book_port_spellings);
  ADD ("move-in-port", test_book_move_in_port);
  ADD ("respect-won", test_book_respect_won);
  ADD ("publish-after-draw", test_book_publish_after_draw);
  ADD ("voyage-timing", test_book_voyage_timing);
  ADD ("interview", test_book_interview);
  ADD ("interview-in-port", test_book_interview_in_port);
  ADD ("game-one", test_book_game_one);
  ADD ("dg", test_book_dg);
  ADD ("follows-changes", test_book_follows_changes);
  ADD ("summaries-ah", test_book_summaries_ah);
  ADD ("summaries-dg", test_book_summaries_dg);
  ADD ("apply-roll", test_book_apply_roll);
  ADD ("epic-journeys", test_book_epic_journeys);
  ADD ("epic-journey-hexes", test_book_epic_journey_hexes);
  ADD ("dg-transits", test_book_dg_transits);
  ADD ("game-one-same-turn", test_book_game_one_same_turn);
  ADD ("game-one-earlier-turn", test_book_game_one_earlier_turn);
  ADD ("game-one-short", test_book_game_one_short);
  ADD ("game-two-end", test_book_game_two_end);
  ADD ("game-two-tie", test_book_game_two_tie);
  ADD ("keep-encounter", test_book_keep_encounter);
  ADD ("after-victory", test_book_after_victory);
  ADD ("thirst-kills", test_book_thirst_kills);
  ADD ("hand-cut", test_book_hand_cut);
  ADD ("dg-after-victory", test_book_dg_after_victory);
  ADD ("dg-defeat-natives", test_book_dg_defeat_natives);
  ADD ("ah-victory-no-hex-vp", test_book_ah_victory_no_hex_vp);
  ADD ("rank-spectacular", test_book_rank_spectacular);
  ADD ("rank-spectacular-after-a-win", test_book_rank_spectacular_after_a_win);
  ADD ("rank-spectacular-dg", test_book_rank_spectacular_dg);
  ADD ("rank-lakes", test_book_rank_lakes);
  ADD ("ranking-before-the-win", test_book_ranking_before_the_win);
  ADD ("advice-in-words", test_book_advice_in_words);
  ADD ("settings-in-words", test_book_settings_in_words);
  ADD ("changes-in-place", test_book_changes_in_place);
  ADD ("remove-player", test_book_remove_player);
  ADD ("remove-player-dg", test_book_remove_player_dg);
  ADD ("remove-player-turns", test_book_remove_player_turns);
  ADD ("remove-player-game-one", test_book_remove_player_game_one);
#undef ADD
  /* Last: it checks what the tests above covered (on its own, it runs
   * them in a child first). */
  g_test_add_func ("/book/every-operation-tested", test_book_every_operation_tested);
  g_test_add_func ("/book/choices-have-names", test_book_choices_have_names);
  g_test_add ("/book/count-limit", Fixture, NULL, fixture_set_up, test_book_count_limit, fixture_tear_down);
  g_test_add ("/book/param-choices", Fixture, NULL, fixture_set_up, test_book_param_choices, fixture_tear_down);

  status = g_test_run ();
  if (g_getenv (COVERED_OUT_ENV) != NULL)
    covered_write (g_getenv (COVERED_OUT_ENV));
  g_hash_table_unref (covered);
  g_free (self_path);
  return status;
}
