/* test-sample.c: the sample campaign imports whole, holds the game it
 * promises, never replaces a file, and undoes like any other campaign;
 * `nile-ledger sample FILE` writes it
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "nile-campaign-book.h"
#include "nile-campaign-sample.h"
#include "nile-cli.h"
#include "nile-error.h"
#include "nile-explorer.h"
#include "nile-player.h"

typedef struct {
  char             *dir;
  char             *path;
  NileCampaign     *campaign;
  NileCampaignBook *book;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("nile-sample-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->dir, "Sample.nile", NULL);
  fixture->campaign = nile_campaign_create_sample (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fixture->campaign);
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
  g_free (fixture->path);
  g_free (fixture->dir);
}

static NilePlayer *
find_player (Fixture    *fixture,
             const char *name)
{
  GListModel *players = nile_campaign_book_get_players (fixture->book);

  for (guint i = 0; i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(NilePlayer) player = g_list_model_get_item (players, i);

      if (g_strcmp0 (nile_player_get_name (player), name) == 0)
        return player;  /* the list keeps its own reference */
    }

  g_error ("no player named %s in the sample", name);
}

static NileExplorer *
find_explorer (Fixture    *fixture,
               const char *name)
{
  GListModel *explorers = nile_campaign_book_get_explorers (fixture->book);

  for (guint i = 0; i < g_list_model_get_n_items (explorers); i++)
    {
      g_autoptr(NileExplorer) explorer = g_list_model_get_item (explorers, i);

      if (g_strcmp0 (nile_explorer_get_name (explorer), name) == 0)
        return explorer;
    }

  g_error ("no explorer named %s in the sample", name);
}

static void
test_sample_is_whole (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) reopened = NULL;

  g_assert_true (nile_campaign_check (fixture->campaign, &error));
  g_assert_no_error (error);

  /* It is an ordinary file: it opens again after the first handle. */
  reopened = nile_campaign_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_true (nile_campaign_check (reopened, &error));
  g_assert_no_error (error);
}

static void
test_sample_has_the_game (Fixture       *fixture,
                          gconstpointer  data)
{
  static const struct {
    const char *player;
    const char *colour;
    int         vp_published;
    const char *explorer;
    const char *specialty;
    const char *status;
  } expected[] = {
    { "Amelia", "red", 0, "Livingstone", "missionary", "in-africa" },
    { "Bartholomew", "blue", 0, "Speke", "explorer", "in-africa" },
    { "Clara", "yellow", 6, "Baker", "zoologist", "in-europe" },
  };
  const NileExpedition *livingstone;

  g_assert_cmpint (nile_campaign_book_get_game (fixture->book), ==, 2);
  g_assert_cmpstr (nile_campaign_book_get_edition (fixture->book), ==, "ah");
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_book_get_players (fixture->book)), ==,
                    G_N_ELEMENTS (expected));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_book_get_explorers (fixture->book)), ==,
                    G_N_ELEMENTS (expected));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      NilePlayer *player = find_player (fixture, expected[i].player);
      NileExplorer *explorer = find_explorer (fixture, expected[i].explorer);

      g_assert_cmpstr (nile_player_get_colour (player), ==, expected[i].colour);
      g_assert_cmpint (nile_player_get_vp_published (player), ==, expected[i].vp_published);
      g_assert_cmpstr (nile_explorer_get_player (explorer), ==, expected[i].player);
      g_assert_cmpstr (nile_explorer_get_specialty (explorer), ==, expected[i].specialty);
      g_assert_cmpstr (nile_explorer_get_status (explorer), ==, expected[i].status);
    }

  /* Every page has something to show. */
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_book_get_tribes (fixture->book)), >=, 3);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_book_get_caches (fixture->book)), >=, 2);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_book_get_discoveries (fixture->book)), >=, 6);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign)), >, 0);

  /* A filled expedition in the interior, with fever in it, that can
   * still march. */
  livingstone = nile_explorer_get_expedition (find_explorer (fixture, "Livingstone"));
  g_assert_cmpint (livingstone->bearers, >, 0);
  g_assert_cmpint (livingstone->sick_bearers, >, 0);
  g_assert_cmpint (livingstone->guides, >, 0);
  g_assert_cmpint (livingstone->askaris, >, 0);
  g_assert_cmpint (livingstone->rations, >, 0);
  g_assert_cmpint (livingstone->gifts, >, 0);
  g_assert_cmpint (livingstone->muskets, >, 0);
  g_assert_cmpint (nile_explorer_get_excess (find_explorer (fixture, "Livingstone")), ==, 0);
  g_assert_cmpint (nile_explorer_get_excess (find_explorer (fixture, "Speke")), ==, 0);
}

static void
test_sample_undoes (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  /* The sample opens on turn 7, Amelia to play ... */
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, 7);
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Amelia");

  /* ... after Clara ended turn 6 ... */
  g_assert_true (nile_campaign_get_can_undo (fixture->campaign));
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpint (nile_campaign_book_get_turn (fixture->book), ==, 6);
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Clara");

  /* ... with Baker's discoveries published in Europe. */
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpint (nile_player_get_vp_published (find_player (fixture, "Clara")), ==, 0);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (find_explorer (fixture, "Baker")), ==, 6);

  for (int i = 0; i < 2; i++)
    {
      g_assert_true (nile_campaign_get_can_redo (fixture->campaign));
      g_assert_true (nile_campaign_redo (fixture->campaign, &error));
      g_assert_no_error (error);
    }
  g_assert_false (nile_campaign_get_can_redo (fixture->campaign));
  g_assert_cmpint (nile_player_get_vp_published (find_player (fixture, "Clara")), ==, 6);
  g_assert_cmpstr (nile_campaign_book_get_current_player (fixture->book), ==, "Amelia");

  g_assert_true (nile_campaign_check (fixture->campaign, &error));
  g_assert_no_error (error);
}

static void
test_sample_never_replaces (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) second = NULL;
  g_autoptr(NileCampaign) reopened = NULL;
  guint n_log;

  /* A player's changes to the sample are his: a second sample in the
   * same place is refused, and the first reads as it did. */
  g_assert_true (nile_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  n_log = g_list_model_get_n_items (nile_campaign_get_log (fixture->campaign));

  second = nile_campaign_create_sample (fixture->path, &error);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_assert_null (second);
  g_clear_error (&error);

  reopened = nile_campaign_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_true (nile_campaign_get_can_redo (reopened));
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (reopened)), ==, n_log);
}

static GString *captured;

static void
capture (const char *text)
{
  g_string_append (captured, text);
}

/* `nile-ledger sample ARG…` in process: its exit status and its output
 * on both streams. */
static int
run_sample_command (const char *arg)
{
  char *argv[] = { (char *) "nile-ledger", (char *) "sample", (char *) arg, NULL };
  int argc = arg != NULL ? 3 : 2;
  GPrintFunc old_out, old_err;
  int status;

  g_string_truncate (captured, 0);
  old_out = g_set_print_handler (capture);
  old_err = g_set_printerr_handler (capture);
  status = nile_cli_run (argc, argv);
  g_set_print_handler (old_out);
  g_set_printerr_handler (old_err);
  return status;
}

static void
test_sample_command_line (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "Try.nile", NULL);
  g_autoptr(NileCampaign) written = NULL;
  g_autoptr(GError) error = NULL;

  captured = g_string_new (NULL);

  g_assert_cmpint (run_sample_command (path), ==, NILE_CLI_EXIT_OK);
  g_assert_nonnull (strstr (captured->str, path));
  written = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (nile_campaign_check (written, &error));
  g_assert_no_error (error);
  g_clear_object (&written);

  /* A file already there is refused, as for `new`, and left alone. */
  g_assert_cmpint (run_sample_command (path), ==, NILE_CLI_EXIT_BAD_INPUT);
  g_assert_nonnull (strstr (captured->str, "already exists"));
  written = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (nile_campaign_check (written, &error));
  g_assert_no_error (error);

  g_assert_cmpint (run_sample_command (NULL), ==, NILE_CLI_EXIT_BAD_INPUT);
  g_assert_nonnull (strstr (captured->str, "Usage: nile-ledger sample FILE"));

  g_string_free (g_steal_pointer (&captured), TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define add_test(name, func) \
  g_test_add ("/sample/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  add_test ("is-whole", test_sample_is_whole);
  add_test ("has-the-game", test_sample_has_the_game);
  add_test ("undoes", test_sample_undoes);
  add_test ("never-replaces", test_sample_never_replaces);
  add_test ("command-line", test_sample_command_line);

  return g_test_run ();
}
