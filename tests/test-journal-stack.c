/* test-journal-stack.c: the undo stack as links between journal lines,
 * and the log filtered by player and kind
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "nile-campaign-private.h"
#include "nile-error.h"
#include "nile-log-entry.h"
#include "nile-log-model.h"
#include "nile-log-text.h"
#include "nile-operation.h"
#include "nile-test-utils.h"

typedef struct {
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("nile-journal-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->dir, "stack.nile", NULL);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  nile_test_remove_tree (fixture->dir);
  g_free (fixture->path);
  g_free (fixture->dir);
}

/* Applies @operation with "key=value" pairs separated by '|'. */
static void
run (NileCampaign *campaign,
     const char   *operation,
     const char   *pairs_text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) params = NULL;
  g_auto(GStrv) pairs = g_strsplit (pairs_text, "|", -1);
  const NileOperation *op = nile_operation_lookup (operation);

  g_assert_nonnull (op);
  g_assert_true (nile_operation_parse_params (op, (const char * const *) pairs, &params, &error));
  g_assert_no_error (error);
  g_assert_true (nile_campaign_apply (campaign, operation, params, &error));
  g_assert_no_error (error);
}

static void
undo (NileCampaign *campaign)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (nile_campaign_undo (campaign, &error));
  g_assert_no_error (error);
}

static void
redo (NileCampaign *campaign)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (nile_campaign_redo (campaign, &error));
  g_assert_no_error (error);
}

static gint64
query_int (NileCampaign *campaign,
           const char   *sql)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (_nile_campaign_get_db (campaign), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  return sqlite3_column_int64 (stmt, 0);
}

static gint64
player_id (NileCampaign *campaign,
           const char   *name)
{
  g_autofree char *sql = g_strdup_printf ("SELECT id FROM player WHERE name = '%s'", name);

  return query_int (campaign, sql);
}

/* Everything but the journal, as JSON: the state undo and redo move. */
static char *
book_state (NileCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *json = nile_campaign_export_json (campaign, &error);
  JsonArray *tables;

  g_assert_no_error (error);
  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  tables = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "tables");
  for (guint i = json_array_get_length (tables); i > 0; i--)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (tables, i - 1), "name"),
                     "journal"))
      json_array_remove_element (tables, i - 1);

  json_generator_set_root (generator, json_parser_get_root (parser));
  return json_generator_to_data (generator, NULL);
}

/* Two players with explorers still in port: no change of status, which
 * format 11 notes in a table a file rewound to an older format lacks. */
static NileCampaign *
create_two_players_in_port (const char *path)
{
  g_autoptr(GError) error = NULL;
  NileCampaign *campaign = nile_campaign_create (path, &error);

  g_assert_no_error (error);
  run (campaign, "add-player", "name=Anna");
  run (campaign, "add-player", "name=Burton");
  run (campaign, "new-explorer", "player=Anna|name=Alexine|specialty=botanist|port=Zanzibar");
  run (campaign, "new-explorer", "player=Burton|name=Richard|specialty=ethnologist|port=Zanzibar");
  return campaign;
}

/* Two players with explorers in Africa, and a change about each. */
static NileCampaign *
create_two_players (const char *path)
{
  NileCampaign *campaign = create_two_players_in_port (path);

  run (campaign, "set-out", "player=Anna|hex=A1");
  run (campaign, "set-out", "player=Burton|hex=B1");
  return campaign;
}

/* The sequences of @model's lines, as text: "1 3 4". */
static char *
sequences (GListModel *model)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(NileLogEntry) entry = g_list_model_get_item (model, i);

      g_string_append_printf (text, "%s%" G_GINT64_FORMAT, i > 0 ? " " : "", nile_log_entry_get_sequence (entry));
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
assert_state (NileCampaign *campaign,
              const char   *expected)
{
  g_autofree char *state = book_state (campaign);

  g_assert_cmpstr (state, ==, expected);
}

static NileCampaign *
reopen (const char *path)
{
  g_autoptr(GError) error = NULL;
  NileCampaign *campaign = nile_campaign_open (path, &error);

  g_assert_no_error (error);
  return campaign;
}

/* ---- The stack ---------------------------------------------------- */

static void
test_undo_redo_after_restart (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *start = NULL;
  g_autofree char *one = NULL;
  g_autofree char *two = NULL;

  {
    g_autoptr(NileCampaign) campaign = create_two_players (fixture->path);

    start = book_state (campaign);
    run (campaign, "move", "player=Anna|hex=A2|distance=1");
    one = book_state (campaign);
    run (campaign, "move", "player=Anna|hex=A3|distance=2");
    two = book_state (campaign);
    undo (campaign);
  }

  /* Reopened after an undo: the next undo takes the change beneath. */
  {
    g_autoptr(NileCampaign) campaign = reopen (fixture->path);

    g_assert_true (nile_campaign_get_can_undo (campaign));
    g_assert_true (nile_campaign_get_can_redo (campaign));
    undo (campaign);
    assert_state (campaign, start);
  }

  /* Reopened after two undos: redo brings the older one back first. */
  {
    g_autoptr(NileCampaign) campaign = reopen (fixture->path);

    redo (campaign);
    assert_state (campaign, one);
  }

  /* Reopened after a redo: the other one is still to redo. */
  {
    g_autoptr(NileCampaign) campaign = reopen (fixture->path);

    redo (campaign);
    assert_state (campaign, two);
    g_assert_false (nile_campaign_get_can_redo (campaign));
    g_assert_false (nile_campaign_redo (campaign, &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO);
  }

  /* Reopened after a redo: undo takes the change redone. */
  {
    g_autoptr(NileCampaign) campaign = reopen (fixture->path);

    undo (campaign);
    assert_state (campaign, one);
  }
}

/* A change undone and then superseded is never redone, and undo goes
 * past it to the changes beneath. */
static void
test_undo_beyond_discarded (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_two_players (fixture->path);
  g_autofree char *start = book_state (campaign);
  g_autofree char *one = NULL;
  g_autofree char *branch = NULL;

  run (campaign, "move", "player=Anna|hex=A2|distance=1");
  one = book_state (campaign);
  run (campaign, "move", "player=Anna|hex=A3|distance=2");
  run (campaign, "move", "player=Anna|hex=A4|distance=3");
  undo (campaign);
  undo (campaign);
  run (campaign, "move", "player=Burton|hex=B2|distance=1");
  branch = book_state (campaign);

  undo (campaign);
  assert_state (campaign, one);
  undo (campaign);
  assert_state (campaign, start);

  /* Forward again: the new branch, never the discarded moves. */
  redo (campaign);
  assert_state (campaign, one);
  redo (campaign);
  assert_state (campaign, branch);
  g_assert_false (nile_campaign_get_can_redo (campaign));

  /* The same after a restart. */
  g_clear_object (&campaign);
  campaign = reopen (fixture->path);
  undo (campaign);
  undo (campaign);
  assert_state (campaign, start);
}

static void
test_redo_after_new_change_refused (Fixture       *fixture,
                                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = create_two_players (fixture->path);
  g_autofree char *changed = NULL;

  run (campaign, "move", "player=Anna|hex=A2|distance=1");
  undo (campaign);
  g_assert_true (nile_campaign_get_can_redo (campaign));
  run (campaign, "move", "player=Burton|hex=B2|distance=1");
  changed = book_state (campaign);
  g_assert_false (nile_campaign_get_can_redo (campaign));

  g_assert_false (nile_campaign_redo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO);
  assert_state (campaign, changed);

  g_clear_error (&error);
  g_clear_object (&campaign);
  campaign = reopen (fixture->path);
  g_assert_false (nile_campaign_get_can_redo (campaign));
  g_assert_false (nile_campaign_redo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO);
}

/* Puts @path back at format 6 as format 7 found it: the stack index,
 * no links, no players (and no lakes' extent, from format 8, nor the
 * victory point indexes of format 10, nor the status changes of format
 * 11, nor the battles of format 12, nor the natives defeated of format
 * 13, nor the bonus items of format 14, nor the bonus names of format
 * 15, nor the encounters kept of format 17), and the flag of every change on
 * the stack set as undo and redo kept it before format 9: undone above
 * the top the newest line gives. */
static void
rewind_to_format_6 (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "UPDATE journal SET undone = (seq > ("
                                 "  SELECT CASE line.kind WHEN 'undo' THEN coalesce (target.below, 0) "
                                 "                        WHEN 'redo' THEN line.target ELSE line.seq END "
                                 "  FROM journal AS line LEFT JOIN journal AS target ON target.seq = line.target "
                                 "  ORDER BY line.seq DESC LIMIT 1)) "
                                 "WHERE kind = 'do' AND discarded = 0;"
                                 "DROP TABLE lake_extent;"
                                 "DROP TABLE status_change;"
                                 "DROP TABLE battle;"
                                 "DROP TABLE natives_defeated;"
                                 "DROP TABLE bonus_item;"
                                 "DROP TABLE bonus_name;"
                                 "DROP TABLE respect_won;"
                                 "DROP TABLE encounter;"
                                 "DROP INDEX cache_hidden_number;"
                                 "DROP INDEX vp_entry_by_explorer;"
                                 "DROP INDEX vp_entry_by_player;"
                                 "DROP INDEX donation_by_player;"
                                 "ALTER TABLE journal DROP COLUMN below;"
                                 "ALTER TABLE journal DROP COLUMN player_id;"
                                 "CREATE INDEX journal_stack ON journal (kind, discarded, undone, seq);"
                                 "PRAGMA user_version = 6;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

/* A format 6 file with a stack that has been undone, redone and
 * branched keeps it exactly: undo gives the same states, in the same
 * order, before and after the migration. */
static void
test_migrated_stack (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *redone = NULL;
  g_autofree char *rewound = g_build_filename (fixture->dir, "rewound.nile", NULL);
  g_autofree char *links = NULL;
  g_autofree char *players = NULL;

  {
    g_autoptr(NileCampaign) campaign = create_two_players_in_port (fixture->path);

    /* Still in port: only the distance changes, no hex. */
    run (campaign, "move", "player=Anna|distance=1");
    run (campaign, "move", "player=Burton|distance=1");
    run (campaign, "move", "player=Anna|distance=2");
    undo (campaign);
    undo (campaign);
    run (campaign, "move", "player=Burton|distance=2");
    run (campaign, "move", "player=Anna|distance=3");
    undo (campaign);
    redo (campaign);
    undo (campaign);
    redone = book_state (campaign);
  }

  /* The same file, as the previous version would have left it. */
  {
    g_autoptr(GFile) source = g_file_new_for_path (fixture->path);
    g_autoptr(GFile) target = g_file_new_for_path (rewound);
    g_autoptr(GError) error = NULL;
    g_autoptr(NileCampaign) campaign = reopen (fixture->path);

    g_clear_object (&campaign);
    g_file_copy (source, target, G_FILE_COPY_NONE, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    rewind_to_format_6 (rewound);
  }

  /* The states undo walks through in the original file. */
  {
    g_autoptr(NileCampaign) campaign = reopen (fixture->path);

    links = g_strdup_printf ("%" G_GINT64_FORMAT,
                             query_int (campaign, "SELECT total (below * seq) FROM journal "
                                                  "WHERE kind = 'do' AND discarded = 0"));
    players = g_strdup_printf ("%" G_GINT64_FORMAT,
                               query_int (campaign, "SELECT total (player_id * seq) FROM journal"));
    while (nile_campaign_get_can_undo (campaign))
      {
        undo (campaign);
        g_ptr_array_add (states, book_state (campaign));
      }
  }

  {
    g_autoptr(NileCampaign) campaign = reopen (rewound);
    g_autofree char *migrated_links = NULL;
    g_autofree char *migrated_players = NULL;

    g_assert_cmpint (query_int (campaign, "PRAGMA user_version"), ==, nile_campaign_get_format_version ());
    assert_state (campaign, redone);
    /* The links are those the program wrote; so are the players, as
     * nobody was renamed. */
    migrated_links = g_strdup_printf ("%" G_GINT64_FORMAT,
                                      query_int (campaign, "SELECT total (below * seq) FROM journal "
                                                           "WHERE kind = 'do' AND discarded = 0"));
    migrated_players = g_strdup_printf ("%" G_GINT64_FORMAT,
                                        query_int (campaign, "SELECT total (player_id * seq) FROM journal"));
    g_assert_cmpstr (migrated_links, ==, links);
    g_assert_cmpstr (migrated_players, ==, players);

    g_assert_true (nile_campaign_get_can_redo (campaign));
    for (guint i = 0; i < states->len; i++)
      {
        g_assert_true (nile_campaign_get_can_undo (campaign));
        undo (campaign);
        assert_state (campaign, g_ptr_array_index (states, i));
      }
    g_assert_false (nile_campaign_get_can_undo (campaign));
  }
}

static void
count_changed (NileCampaign *campaign,
               int          *count)
{
  (*count)++;
}

/* A window keeps its campaign open while the command line changes the
 * file: the window's campaign reads the change soon after and says so,
 * so nothing it shows or works out next is older than the file. */
static void
test_follows_other_writers (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(NileCampaign) window = create_two_players (fixture->path);
  g_autoptr(NileCampaign) command_line = NULL;
  GListModel *log = nile_campaign_get_log (window);
  guint n_lines = g_list_model_get_n_items (log);
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  int changed = 0;

  g_signal_connect (window, "changed", G_CALLBACK (count_changed), &changed);
  nile_campaign_follow_other_writers (window);

  /* Its own changes are not read twice. */
  run (window, "move", "player=Anna|hex=A2|distance=1");
  g_assert_cmpint (changed, ==, 1);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpint (changed, ==, 1);

  command_line = reopen (fixture->path);
  run (command_line, "move", "player=Burton|hex=B2|distance=1");
  g_clear_object (&command_line);

  while (changed < 2 && g_get_monotonic_time () < deadline)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (10000);
    }
  g_assert_cmpint (changed, ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_lines + 2);
  g_assert_true (nile_campaign_get_can_undo (window));
}

/* ---- The log, filtered -------------------------------------------- */

/* Counts items-changed emissions and checks each against the model. */
typedef struct {
  guint n_signals;
  guint added;
  guint removed;
} Changes;

static void
items_changed (GListModel *model,
               guint       position,
               guint       removed,
               guint       added,
               Changes    *changes)
{
  changes->n_signals++;
  changes->added += added;
  changes->removed += removed;
}

static void
test_filter_by_player (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = create_two_players (fixture->path);
  g_autoptr(NileLogModel) anna = NULL;
  g_autoptr(NileLogModel) burton = NULL;
  g_autoptr(NileLogModel) everyone = NULL;
  g_autofree char *seqs = NULL;
  gint64 anna_id = player_id (campaign, "Anna");
  gint64 burton_id = player_id (campaign, "Burton");

  run (campaign, "rename-campaign", "name=Lualaba");
  run (campaign, "move", "player=Anna|hex=A2|distance=1");    /* 8 */
  run (campaign, "move", "player=Burton|hex=B2|distance=1");  /* 9 */
  undo (campaign);                                            /* 10, Burton's */
  undo (campaign);                                            /* 11, Anna's */
  redo (campaign);                                            /* 12, Anna's */

  /* Lines 1 and 2 add the players; 3 and 5 are Anna's, 4 and 6 Burton's. */
  anna = nile_campaign_get_log_filtered (campaign, anna_id, NILE_LOG_FILTER_ALL, &error);
  g_assert_no_error (error);
  seqs = sequences (G_LIST_MODEL (anna));
  g_assert_cmpstr (seqs, ==, "1 3 5 8 11 12");
  g_clear_pointer (&seqs, g_free);

  burton = nile_campaign_get_log_filtered (campaign, burton_id, NILE_LOG_FILTER_ALL, &error);
  g_assert_no_error (error);
  seqs = sequences (G_LIST_MODEL (burton));
  g_assert_cmpstr (seqs, ==, "2 4 6 9 10");
  g_clear_pointer (&seqs, g_free);

  everyone = nile_campaign_get_log_filtered (campaign, 0, NILE_LOG_FILTER_ALL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (everyone)), ==, 12);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, 12);

  /* Entries say whom they are about; the campaign's rename no one. */
  {
    g_autoptr(NileLogEntry) undo_line = g_list_model_get_item (G_LIST_MODEL (burton), 4);
    g_autoptr(NileLogEntry) rename_line = g_list_model_get_item (G_LIST_MODEL (everyone), 6);
    gint64 from_property = 0;

    g_assert_cmpint (nile_log_entry_get_kind (undo_line), ==, NILE_LOG_KIND_UNDO);
    g_assert_cmpint (nile_log_entry_get_player_id (undo_line), ==, burton_id);
    g_object_get (undo_line, "player-id", &from_property, NULL);
    g_assert_cmpint (from_property, ==, burton_id);
    g_assert_cmpint (nile_log_entry_get_player_id (rename_line), ==, 0);
  }

  /* Only the page asked for was read. */
  g_assert_cmpuint (nile_log_model_get_n_loaded (anna), ==, 6);
  g_assert_cmpint (nile_log_model_get_player_id (anna), ==, anna_id);
  g_assert_cmpint (nile_log_model_get_filter_kind (anna), ==, NILE_LOG_FILTER_ALL);
}

/* A renamed player keeps his lines: the old ones say the old name, and
 * the filter goes by id. */
static void
test_rename_keeps_lines (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = create_two_players (fixture->path);
  g_autoptr(NileLogModel) anna = NULL;
  g_autofree char *seqs = NULL;
  gint64 anna_id = player_id (campaign, "Anna");

  run (campaign, "rename-player", "player=Anna|name=Alexandrine");
  run (campaign, "move", "player=Alexandrine|hex=A2|distance=1");
  g_assert_cmpint (player_id (campaign, "Alexandrine"), ==, anna_id);

  anna = nile_campaign_get_log_filtered (campaign, anna_id, NILE_LOG_FILTER_ALL, &error);
  g_assert_no_error (error);
  seqs = sequences (G_LIST_MODEL (anna));
  g_assert_cmpstr (seqs, ==, "1 3 5 7 8");

  /* And after a restart, from the file. */
  g_clear_object (&anna);
  g_clear_object (&campaign);
  g_clear_pointer (&seqs, g_free);
  campaign = reopen (fixture->path);
  anna = nile_campaign_get_log_filtered (campaign, anna_id, NILE_LOG_FILTER_ALL, &error);
  g_assert_no_error (error);
  seqs = sequences (G_LIST_MODEL (anna));
  g_assert_cmpstr (seqs, ==, "1 3 5 7 8");
}

static void
test_filter_by_kind (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = create_two_players (fixture->path);
  g_autoptr(NileLogModel) changes = NULL;
  g_autoptr(NileLogModel) undo_redo = NULL;
  g_autoptr(NileLogModel) anna_undo_redo = NULL;
  g_autofree char *seqs = NULL;

  run (campaign, "move", "player=Anna|hex=A2|distance=1");    /* 7 */
  undo (campaign);                                            /* 8 */
  redo (campaign);                                            /* 9 */
  run (campaign, "move", "player=Burton|hex=B2|distance=1");  /* 10 */
  undo (campaign);                                            /* 11 */

  changes = nile_campaign_get_log_filtered (campaign, 0, NILE_LOG_FILTER_CHANGES, &error);
  g_assert_no_error (error);
  seqs = sequences (G_LIST_MODEL (changes));
  g_assert_cmpstr (seqs, ==, "1 2 3 4 5 6 7 10");
  g_clear_pointer (&seqs, g_free);

  undo_redo = nile_campaign_get_log_filtered (campaign, 0, NILE_LOG_FILTER_UNDO_REDO, &error);
  g_assert_no_error (error);
  seqs = sequences (G_LIST_MODEL (undo_redo));
  g_assert_cmpstr (seqs, ==, "8 9 11");
  g_clear_pointer (&seqs, g_free);

  anna_undo_redo = nile_campaign_get_log_filtered (campaign, player_id (campaign, "Anna"),
                                                   NILE_LOG_FILTER_UNDO_REDO, &error);
  g_assert_no_error (error);
  seqs = sequences (G_LIST_MODEL (anna_undo_redo));
  g_assert_cmpstr (seqs, ==, "8 9");
}

/* A view follows every change, undo and redo that belongs in it, and
 * only those; the "undone" of a loaded entry follows too. */
static void
test_filtered_items_changed (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = create_two_players (fixture->path);
  g_autoptr(NileLogModel) anna = NULL;
  g_autoptr(NileLogModel) anna_changes = NULL;
  g_autoptr(NileLogEntry) move = NULL;
  g_autofree char *seqs = NULL;
  Changes all_changes = { 0 };
  Changes do_changes = { 0 };

  anna = nile_campaign_get_log_filtered (campaign, player_id (campaign, "Anna"), NILE_LOG_FILTER_ALL, &error);
  g_assert_no_error (error);
  anna_changes = nile_campaign_get_log_filtered (campaign, player_id (campaign, "Anna"),
                                                 NILE_LOG_FILTER_CHANGES, &error);
  g_assert_no_error (error);
  g_signal_connect (anna, "items-changed", G_CALLBACK (items_changed), &all_changes);
  g_signal_connect (anna_changes, "items-changed", G_CALLBACK (items_changed), &do_changes);

  run (campaign, "move", "player=Burton|hex=B2|distance=1");
  g_assert_cmpuint (all_changes.n_signals, ==, 0);

  run (campaign, "move", "player=Anna|hex=A2|distance=1");
  g_assert_cmpuint (all_changes.added, ==, 1);
  g_assert_cmpuint (do_changes.added, ==, 1);
  move = g_list_model_get_item (G_LIST_MODEL (anna), g_list_model_get_n_items (G_LIST_MODEL (anna)) - 1);
  g_assert_false (nile_log_entry_get_undone (move));

  undo (campaign);
  g_assert_cmpuint (all_changes.added, ==, 2);
  g_assert_cmpuint (do_changes.added, ==, 1);
  g_assert_true (nile_log_entry_get_undone (move));

  redo (campaign);
  g_assert_cmpuint (all_changes.added, ==, 3);
  g_assert_cmpuint (do_changes.added, ==, 1);
  g_assert_false (nile_log_entry_get_undone (move));

  /* Undoing Burton's move is Burton's line. */
  undo (campaign);
  undo (campaign);
  g_assert_cmpuint (all_changes.added, ==, 4);
  g_assert_cmpuint (all_changes.removed, ==, 0);

  seqs = sequences (G_LIST_MODEL (anna));
  g_assert_cmpstr (seqs, ==, "1 3 5 8 9 10 11");
  g_clear_pointer (&seqs, g_free);

  /* Another program's change: the view reads itself again. */
  {
    g_autoptr(NileCampaign) other = reopen (fixture->path);

    run (other, "move", "player=Anna|hex=A5|distance=4");
  }
  run (campaign, "move", "player=Burton|hex=B5|distance=4");
  g_assert_cmpuint (all_changes.removed, ==, 7);
  seqs = sequences (G_LIST_MODEL (anna));
  g_assert_cmpstr (seqs, ==, "1 3 5 8 9 10 11 13");
}

static char *
read_file (GFile *file)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_load_contents (file, NULL, &contents, NULL, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static void
exported (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (nile_log_model_export_text_finish (NILE_LOG_MODEL (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

/* The export from a worker thread writes what the sync one writes,
 * which is the view's lines as the entries word them. */
static void
test_export_async (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = create_two_players (fixture->path);
  g_autoptr(NileLogModel) anna = NULL;
  g_autofree char *sync_path = g_build_filename (fixture->dir, "sync.txt", NULL);
  g_autofree char *async_path = g_build_filename (fixture->dir, "async.txt", NULL);
  g_autoptr(GFile) sync_file = g_file_new_for_path (sync_path);
  g_autoptr(GFile) async_file = g_file_new_for_path (async_path);
  g_autoptr(GString) expected = g_string_new (NULL);
  g_autofree char *sync_text = NULL;
  g_autofree char *async_text = NULL;
  gboolean done = FALSE;

  for (int i = 0; i < 300; i++)
    {
      g_autofree char *pairs = g_strdup_printf ("player=%s|hex=M%d|distance=%d",
                                                i % 3 == 0 ? "Burton" : "Anna", i, i % 7 + 1);

      run (campaign, "move", pairs);
    }
  undo (campaign);
  undo (campaign);
  redo (campaign);

  anna = nile_campaign_get_log_filtered (campaign, player_id (campaign, "Anna"), NILE_LOG_FILTER_ALL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (anna)); i++)
    {
      g_autoptr(NileLogEntry) entry = g_list_model_get_item (G_LIST_MODEL (anna), i);
      g_autofree char *line = nile_log_entry_to_text (entry);

      g_string_append_printf (expected, "%s\n", line);
    }

  g_assert_true (nile_log_model_export_text (anna, sync_file, NULL, &error));
  g_assert_no_error (error);
  nile_log_model_export_text_async (anna, async_file, NULL, exported, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);

  sync_text = read_file (sync_file);
  async_text = read_file (async_file);
  g_assert_cmpstr (sync_text, ==, expected->str);
  g_assert_cmpstr (async_text, ==, sync_text);
  g_assert_nonnull (strstr (async_text, " (undone)\n"));
}

/* Before format 2, undo wrote no line: the newest line can be a change
 * that is undone, and a change undone could stay beneath a newer live
 * one. The stack still reads right after the migration. */
static void
test_migrated_stack_without_undo_lines (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autofree char *start = NULL;
  g_autofree char *one = NULL;
  g_autofree char *three = NULL;

  {
    g_autoptr(NileCampaign) campaign = create_two_players_in_port (fixture->path);

    start = book_state (campaign);
    run (campaign, "move", "player=Anna|distance=1");
    one = book_state (campaign);
    run (campaign, "move", "player=Anna|distance=2");
    run (campaign, "move", "player=Anna|distance=3");
    undo (campaign);
    undo (campaign);
  }

  /* As such a file holds it: a live change, then two undone ones, and
   * no undo lines. */
  rewind_to_format_6 (fixture->path);
  {
    sqlite3 *db = NULL;

    g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "DELETE FROM journal WHERE kind <> 'do'", NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
  }

  {
    g_autoptr(NileCampaign) campaign = reopen (fixture->path);

    assert_state (campaign, one);
    g_assert_true (nile_campaign_get_can_undo (campaign));
    g_assert_true (nile_campaign_get_can_redo (campaign));
    redo (campaign);
    redo (campaign);
    three = book_state (campaign);
    g_assert_false (nile_campaign_get_can_redo (campaign));
    undo (campaign);
    undo (campaign);
    undo (campaign);
    assert_state (campaign, start);
  }

  /* A change undone beneath a live one can't come back. */
  {
    g_autoptr(NileCampaign) campaign = reopen (fixture->path);
    sqlite3 *db = NULL;

    redo (campaign);
    redo (campaign);
    redo (campaign);
    assert_state (campaign, three);
    g_clear_object (&campaign);
    rewind_to_format_6 (fixture->path);
    g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db,
                                   "DELETE FROM journal WHERE kind <> 'do';"
                                   "UPDATE journal SET undone = 1 WHERE seq = (SELECT max (seq) - 1 FROM journal)",
                                   NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);

    campaign = reopen (fixture->path);
    g_assert_false (nile_campaign_get_can_redo (campaign));
    g_assert_cmpint (query_int (campaign, "SELECT discarded FROM journal WHERE seq = (SELECT max (seq) - 1 FROM journal)"),
                     ==, 1);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/journal-stack/undo-redo-after-restart", test_undo_redo_after_restart);
  ADD ("/journal-stack/undo-beyond-discarded", test_undo_beyond_discarded);
  ADD ("/journal-stack/redo-after-new-change-refused", test_redo_after_new_change_refused);
  ADD ("/journal-stack/migrated-stack", test_migrated_stack);
  ADD ("/journal-stack/migrated-stack-without-undo-lines", test_migrated_stack_without_undo_lines);
  ADD ("/journal-stack/follows-other-writers", test_follows_other_writers);
  ADD ("/journal-log/filter-by-player", test_filter_by_player);
  ADD ("/journal-log/rename-keeps-lines", test_rename_keeps_lines);
  ADD ("/journal-log/filter-by-kind", test_filter_by_kind);
  ADD ("/journal-log/filtered-items-changed", test_filtered_items_changed);
  ADD ("/journal-log/export-async", test_export_async);
#undef ADD

  return g_test_run ();
}
