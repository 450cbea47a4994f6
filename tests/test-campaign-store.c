/* test-campaign-store.c: the campaign file, its journal, undo and redo,
 * bad files, format updates, export and import, and the log model
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <unistd.h>

#include "nile-campaign-book.h"
#include "nile-campaign-private.h"
#include "nile-changeset-private.h"
#include "nile-check-constraints-private.h"
#include "nile-error.h"
#include "nile-log-entry.h"
#include "nile-log-model.h"
#include "nile-operation.h"
#include "nile-test-utils.h"

/* Helpers ------------------------------------------------------------------- */

typedef struct {
  char *dir;
  char *path;   /* dir/campaign.nile, not created */
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("nile-store-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->dir, "campaign.nile", NULL);
}


static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  nile_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->path);
}

static NileCampaign *
create_campaign (const char *path)
{
  g_autoptr(GError) error = NULL;
  NileCampaign *campaign = nile_campaign_create (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (campaign);
  return campaign;
}

static NileCampaign *
open_campaign (const char *path)
{
  g_autoptr(GError) error = NULL;
  NileCampaign *campaign = nile_campaign_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (campaign);
  return campaign;
}

static void
rename_campaign (NileCampaign *campaign,
                 const char   *name)
{
  g_autoptr(GError) error = NULL;

  nile_campaign_apply (campaign, "rename-campaign",
                       g_variant_new_parsed ("{'name': <%s>}", name), &error);
  g_assert_no_error (error);
}

static char *
query_text (NileCampaign *campaign,
            const char   *sql)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (_nile_campaign_get_db (campaign), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return NULL;
  return g_strdup ((const char *) sqlite3_column_text (stmt, 0));
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

static void
assert_query_text (NileCampaign *campaign,
                   const char   *sql,
                   const char   *expected)
{
  g_autofree char *text = query_text (campaign, sql);

  g_assert_cmpstr (text, ==, expected);
}

static void
assert_name (NileCampaign *campaign,
             const char   *expected)
{
  assert_query_text (campaign, "SELECT value FROM meta WHERE key = 'name'", expected);
}

static GBytes *
read_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize size = 0;

  g_file_get_contents (path, &contents, &size, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, size);
}

static void
write_bytes (const char *path,
             const void *data,
             gsize       size)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, data, size, &error);
  g_assert_no_error (error);
}

static void
assert_no_litter (const char *path)
{
  static const char * const suffixes[] = { "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);

      if (g_file_test (name, G_FILE_TEST_EXISTS))
        g_error ("%s was left behind", name);
    }
}

/* Opening @path must fail with @code and leave every byte as it was. */
/* Keeps an async call's result for the test to finish it. */
static void
store_result (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static void
assert_open_refused (const char *path,
                     NileError   code,
                     const char *message_part)
{
  g_autoptr(GBytes) before = g_file_test (path, G_FILE_TEST_EXISTS) ? read_bytes (path) : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = NULL;

  campaign = nile_campaign_open (path, &error);
  g_assert_null (campaign);
  g_assert_error (error, NILE_ERROR, (gint) code);
  g_test_message ("refused: %s", error->message);
  if (message_part != NULL)
    g_assert_nonnull (strstr (error->message, message_part));

  if (before != NULL)
    {
      g_autoptr(GBytes) after = read_bytes (path);

      g_assert_true (g_bytes_equal (before, after));
    }
  assert_no_litter (path);

  /* Checked in a worker thread, the file is refused in the same words
   * and still left as it was. */
  {
    g_autoptr(GAsyncResult) result = NULL;
    g_autoptr(GError) async_error = NULL;

    nile_campaign_open_async (path, NULL, store_result, &result);
    while (result == NULL)
      g_main_context_iteration (NULL, TRUE);
    g_assert_null (nile_campaign_open_finish (result, &async_error));
    g_assert_error (async_error, NILE_ERROR, (gint) code);
    g_assert_cmpstr (async_error->message, ==, error->message);

    if (before != NULL)
      {
        g_autoptr(GBytes) after = read_bytes (path);

        g_assert_true (g_bytes_equal (before, after));
      }
    assert_no_litter (path);
  }
}

/* A campaign of several pages, closed, so its file stands alone. */
static void
make_closed_campaign (const char *path,
                      guint       n_renames)
{
  g_autoptr(NileCampaign) campaign = create_campaign (path);

  for (guint i = 0; i < n_renames; i++)
    {
      g_autofree char *padding = g_strnfill (180, 'x');
      g_autofree char *name = g_strdup_printf ("Expedition %u %s", i, padding);

      rename_campaign (campaign, name);
    }
}

/* Create, open, persistence --------------------------------------------------- */

static void
test_create_and_reopen (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) again = NULL;

  {
    g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);

    g_assert_cmpstr (nile_campaign_get_path (campaign), ==, fixture->path);
    assert_name (campaign, "campaign");
    g_assert_false (nile_campaign_get_can_undo (campaign));
    g_assert_false (nile_campaign_get_can_redo (campaign));
    g_assert_cmpint (query_int (campaign, "PRAGMA application_id"), ==, NILE_CAMPAIGN_APPLICATION_ID);
    g_assert_cmpint (query_int (campaign, "PRAGMA user_version"), ==, nile_campaign_get_format_version ());
    g_assert_true (nile_campaign_check (campaign, &error));
    g_assert_no_error (error);
    rename_campaign (campaign, "Blue Nile");
  }
  assert_no_litter (fixture->path);

  /* A new campaign never replaces a file. */
  again = nile_campaign_create (fixture->path, &error);
  g_assert_null (again);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_clear_error (&error);

  {
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);

    assert_name (campaign, "Blue Nile");
    g_assert_true (nile_campaign_get_can_undo (campaign));
    assert_query_text (campaign, "PRAGMA journal_mode", "wal");
    g_assert_cmpint (query_int (campaign, "PRAGMA foreign_keys"), ==, 1);
  }

  /* Opened in a worker thread, it is the same campaign, ready to use. */
  {
    g_autoptr(GAsyncResult) result = NULL;
    g_autoptr(NileCampaign) campaign = NULL;

    nile_campaign_open_async (fixture->path, NULL, store_result, &result);
    while (result == NULL)
      g_main_context_iteration (NULL, TRUE);
    campaign = nile_campaign_open_finish (result, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (nile_campaign_get_path (campaign), ==, fixture->path);
    assert_name (campaign, "Blue Nile");
    rename_campaign (campaign, "White Nile");
    assert_name (campaign, "White Nile");
  }
  assert_no_litter (fixture->path);
}

/* The format steps are numbered without gaps and every table has a
 * primary key, without which sessions (and so undo) would skip it. */
static void
test_schema (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  sqlite3 *db = _nile_campaign_get_db (campaign);
  guint n_tables = 0;

  g_assert_cmpuint (nile_campaign_get_format_version (), >=, 2);

  g_assert_cmpint (sqlite3_prepare_v2 (db,
                                       "SELECT s.name, (SELECT count(*) FROM pragma_table_info (s.name) WHERE pk > 0) "
                                       "FROM sqlite_schema AS s "
                                       "WHERE s.type = 'table' AND s.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      if (sqlite3_column_int (stmt, 1) == 0)
        g_error ("Table %s has no primary key", sqlite3_column_text (stmt, 0));
      n_tables++;
    }
  g_assert_cmpuint (n_tables, >=, 2);
}

/* Apply, undo, redo ------------------------------------------------------------ */

typedef struct {
  guint changed;
  guint can_undo;
  guint can_redo;
} Counts;

static void
count_changed (NileCampaign *campaign,
               Counts       *counts)
{
  counts->changed++;
}

static void
count_notify (NileCampaign *campaign,
              GParamSpec   *pspec,
              Counts       *counts)
{
  if (g_str_equal (pspec->name, "can-undo"))
    counts->can_undo++;
  else if (g_str_equal (pspec->name, "can-redo"))
    counts->can_redo++;
}

static void
test_undo_redo (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Counts counts = { 0 };

  {
    g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);

    g_signal_connect (campaign, "changed", G_CALLBACK (count_changed), &counts);
    g_signal_connect (campaign, "notify", G_CALLBACK (count_notify), &counts);

    rename_campaign (campaign, "Blue Nile");
    g_assert_cmpuint (counts.changed, ==, 1);
    g_assert_cmpuint (counts.can_undo, ==, 1);
    g_assert_cmpuint (counts.can_redo, ==, 0);

    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_no_error (error);
    assert_name (campaign, "campaign");
    g_assert_false (nile_campaign_get_can_undo (campaign));
    g_assert_true (nile_campaign_get_can_redo (campaign));
    g_assert_cmpuint (counts.changed, ==, 2);
    g_assert_cmpuint (counts.can_undo, ==, 2);
    g_assert_cmpuint (counts.can_redo, ==, 1);

    g_assert_false (nile_campaign_undo (campaign, &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO);
    g_clear_error (&error);
    g_assert_cmpuint (counts.changed, ==, 2);

    g_assert_true (nile_campaign_redo (campaign, &error));
    g_assert_no_error (error);
    assert_name (campaign, "Blue Nile");
    g_assert_false (nile_campaign_redo (campaign, &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO);
    g_clear_error (&error);

    rename_campaign (campaign, "White Nile");
    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_no_error (error);
    assert_name (campaign, "Blue Nile");

    /* Undo and redo are lines of the journal themselves. */
    g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM journal"), ==, 5);
    g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM journal WHERE kind = 'undo'"), ==, 2);
    assert_query_text (campaign, "SELECT summary FROM journal WHERE seq = 2",
                       "Undid: Renamed the campaign to “Blue Nile”");
    g_assert_cmpint (query_int (campaign, "SELECT target FROM journal WHERE seq = 3"), ==, 1);
  }

  /* Undo history survives closing the file. */
  {
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);

    assert_name (campaign, "Blue Nile");
    g_assert_true (nile_campaign_get_can_undo (campaign));
    g_assert_true (nile_campaign_get_can_redo (campaign));

    g_assert_true (nile_campaign_redo (campaign, &error));
    g_assert_no_error (error);
    assert_name (campaign, "White Nile");
    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_no_error (error);
    assert_name (campaign, "campaign");
  }

  {
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);

    assert_name (campaign, "campaign");
    g_assert_false (nile_campaign_get_can_undo (campaign));
    g_assert_true (nile_campaign_redo (campaign, &error));
    g_assert_no_error (error);
    assert_name (campaign, "Blue Nile");
  }
}

/* Several operations as one change: one journal line, one undo step,
 * and nothing saved when any of them is refused. */
static void
test_apply_all (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Counts counts = { 0 };
  const char *setup_line = "Setting up: Renamed the campaign to “Blue Nile”; Added player Anna, number 1 in turn order; Added player Bert, number 2 in turn order";

  {
    g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);
    GListModel *log = nile_campaign_get_log (campaign);
    g_autoptr(NileLogEntry) entry = NULL;
    g_autoptr(GVariant) listed = NULL;
    GVariant *params;

    g_signal_connect (campaign, "changed", G_CALLBACK (count_changed), &counts);

    g_assert_true (nile_campaign_apply_all (campaign,
                                            g_variant_new_parsed ("[('rename-campaign', {'name': <'Blue Nile'>}),"
                                                                  " ('add-player', {'name': <'Anna'>}),"
                                                                  " ('add-player', {'name': <'Bert'>})]"),
                                            "Setting up", &error));
    g_assert_no_error (error);
    g_assert_cmpuint (counts.changed, ==, 1);
    assert_name (campaign, "Blue Nile");
    g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM player"), ==, 2);
    /* The second player follows the first: each sees the ones before. */
    g_assert_cmpint (query_int (campaign, "SELECT turn_order FROM player WHERE name = 'Bert'"), ==, 2);

    g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM journal"), ==, 1);
    g_assert_cmpuint (g_list_model_get_n_items (log), ==, 1);
    entry = g_list_model_get_item (log, 0);
    g_assert_cmpstr (nile_log_entry_get_summary (entry), ==, setup_line);
    g_assert_cmpstr (nile_log_entry_get_operation (entry), ==, "batch");
    params = nile_log_entry_get_params (entry);
    listed = g_variant_lookup_value (params, "operations", G_VARIANT_TYPE ("a(sa{sv})"));
    g_assert_nonnull (listed);
    g_assert_cmpuint (g_variant_n_children (listed), ==, 3);

    /* One undo takes the whole change back, one redo brings it back. */
    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_no_error (error);
    assert_name (campaign, "campaign");
    g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM player"), ==, 0);
    g_assert_false (nile_campaign_get_can_undo (campaign));
    assert_query_text (campaign, "SELECT summary FROM journal WHERE seq = 2",
                       "Undid: Setting up: Renamed the campaign to “Blue Nile”; Added player Anna, number 1 in turn order; Added player Bert, number 2 in turn order");

    g_assert_true (nile_campaign_redo (campaign, &error));
    g_assert_no_error (error);
    assert_name (campaign, "Blue Nile");
    g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM player"), ==, 2);
    g_assert_false (nile_campaign_get_can_redo (campaign));

    /* Without a summary the line is the changes alone. */
    g_assert_true (nile_campaign_apply_all (campaign,
                                            g_variant_new_parsed ("[('add-player', {'name': <'Carl'>})]"),
                                            NULL, &error));
    g_assert_no_error (error);
    assert_query_text (campaign, "SELECT summary FROM journal ORDER BY seq DESC LIMIT 1", "Added player Carl, number 3 in turn order");
    /* A batch of one is journaled as that operation. */
    assert_query_text (campaign, "SELECT operation FROM journal ORDER BY seq DESC LIMIT 1", "add-player");
    assert_query_text (campaign, "SELECT params FROM journal ORDER BY seq DESC LIMIT 1", "{'name': <'Carl'>}");

    /* Nothing to do is not a change. */
    g_assert_true (nile_campaign_apply_all (campaign, g_variant_new_parsed ("@a(sa{sv}) []"), "Nothing", &error));
    g_assert_no_error (error);
    g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM journal"), ==, 4);
  }

  /* The one step survives a restart. */
  {
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);

    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_no_error (error);
    assert_name (campaign, "campaign");
    g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM player"), ==, 0);
    g_assert_true (nile_campaign_redo (campaign, &error));
    g_assert_no_error (error);
    assert_query_text (campaign, "SELECT group_concat (name, ',') FROM player ORDER BY turn_order", "Anna,Bert");
  }
}

/* A refusal anywhere in the batch leaves the campaign, the journal and
 * the undo stack exactly as they were. */
static void
test_apply_all_refused (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);
  g_autoptr(GError) error = NULL;
  Counts counts = { 0 };

  rename_campaign (campaign, "Blue Nile");
  g_assert_true (nile_campaign_apply (campaign, "add-player", g_variant_new_parsed ("{'name': <'Anna'>}"), &error));
  g_assert_no_error (error);
  g_assert_true (nile_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  g_signal_connect (campaign, "changed", G_CALLBACK (count_changed), &counts);

  /* The second operation fails as it runs: the first is rolled back. */
  g_assert_false (nile_campaign_apply_all (campaign,
                                           g_variant_new_parsed ("[('rename-campaign', {'name': <'White Nile'>}),"
                                                                 " ('add-player', {'name': <'Bert'>}),"
                                                                 " ('add-player', {'name': <'bert'>})]"),
                                           "Refused", &error));
  g_assert_nonnull (error);
  g_test_message ("refused: %s", error->message);
  g_clear_error (&error);

  /* A parameter of the wrong type, or an unknown operation, is refused
   * before anything runs. */
  g_assert_false (nile_campaign_apply_all (campaign,
                                           g_variant_new_parsed ("[('rename-campaign', {'name': <'White Nile'>}),"
                                                                 " ('add-player', {'name': <int64 3>})]"),
                                           NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_campaign_apply_all (campaign,
                                           g_variant_new_parsed ("[('rename-campaign', {'name': <'White Nile'>}),"
                                                                 " ('paint-the-map', @a{sv} {})]"),
                                           NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  assert_name (campaign, "Blue Nile");
  g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM player"), ==, 0);
  g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM journal"), ==, 3);
  g_assert_cmpuint (counts.changed, ==, 0);
  /* The undone change can still be redone. */
  g_assert_true (nile_campaign_get_can_redo (campaign));
  g_assert_true (nile_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM player"), ==, 1);
}

static void
test_redo_tail_dropped (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);
  g_autoptr(GError) error = NULL;

  rename_campaign (campaign, "A");
  rename_campaign (campaign, "B");
  g_assert_true (nile_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  assert_name (campaign, "A");
  g_assert_true (nile_campaign_get_can_redo (campaign));

  rename_campaign (campaign, "C");
  g_assert_false (nile_campaign_get_can_redo (campaign));
  g_assert_false (nile_campaign_redo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO);
  g_clear_error (&error);

  /* B stays in the log, but is gone from undo and redo for good. */
  g_assert_cmpint (query_int (campaign, "SELECT discarded FROM journal WHERE summary LIKE '%“B”'"), ==, 1);

  g_assert_true (nile_campaign_undo (campaign, &error));
  assert_name (campaign, "A");
  g_assert_true (nile_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  assert_name (campaign, "C");
  g_assert_true (nile_campaign_undo (campaign, &error));
  g_assert_true (nile_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  assert_name (campaign, "campaign");
  g_assert_false (nile_campaign_undo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO);
}

/* A campaign made with its settings can't be undone back to rules no
 * one chose, now or after it is opened again; what follows undoes down
 * to those settings and no further. */
static void
test_created_with_settings (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  campaign = nile_campaign_create_with_settings (fixture->path,
                                                 g_variant_new_parsed ("{'name': <' Great Lakes '>, 'game': <int64 1>,"
                                                                       " 'goal': <int64 60>, 'edition': <'dg'>}"),
                                                 &error);
  g_assert_no_error (error);
  assert_name (campaign, "Great Lakes");
  g_assert_cmpint (query_int (campaign, "SELECT game FROM game WHERE id = 1"), ==, 1);
  g_assert_cmpint (query_int (campaign, "SELECT vp_goal FROM game WHERE id = 1"), ==, 60);
  /* One line says how it began: named as it was made, not renamed
   * from the file's name. */
  g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM journal"), ==, 1);
  {
    GListModel *log = nile_campaign_get_log (campaign);
    g_autoptr(GObject) first = g_list_model_get_item (log, 0);
    g_autofree char *summary = NULL;

    g_object_get (first, "summary", &summary, NULL);
    g_assert_cmpstr (summary, ==, "New campaign “Great Lakes”: Rules: Game I to 60 VP, Discovery Games edition, poison on a one");
  }
  g_assert_false (nile_campaign_get_can_undo (campaign));
  g_assert_false (nile_campaign_undo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO);
  g_clear_error (&error);

  rename_campaign (campaign, "Mountains of the Moon");
  g_assert_true (nile_campaign_get_can_undo (campaign));
  g_assert_true (nile_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  assert_name (campaign, "Great Lakes");
  g_assert_false (nile_campaign_get_can_undo (campaign));
  g_assert_true (nile_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  g_clear_object (&campaign);

  campaign = open_campaign (fixture->path);
  assert_name (campaign, "Mountains of the Moon");
  g_assert_true (nile_campaign_undo (campaign, &error));
  g_assert_false (nile_campaign_get_can_undo (campaign));
  g_assert_false (nile_campaign_undo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO);
  g_clear_error (&error);
  g_assert_cmpint (query_int (campaign, "SELECT game FROM game WHERE id = 1"), ==, 1);
  g_clear_object (&campaign);

  /* Refused settings leave no file. */
  g_assert_cmpint (g_remove (fixture->path), ==, 0);
  g_assert_null (nile_campaign_create_with_settings (fixture->path,
                                                     g_variant_new_parsed ("{'name': <'Three'>, 'game': <int64 3>}"),
                                                     &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
  g_assert_null (nile_campaign_create_with_settings (fixture->path, g_variant_new_parsed ("{'game': <int64 1>}"),
                                                     &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
  /* A name rename-campaign would refuse is refused as it refuses it. */
  g_assert_null (nile_campaign_create_with_settings (fixture->path,
                                                     g_variant_new_parsed ("{'name': <'Upper\tNile'>, 'game': <int64 1>}"),
                                                     &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "line break, a tab"));
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
}

/* A campaign reached through a symbolic link (a linked file, or a home
 * folder that is a link) opens, and one is made there; the campaign
 * knows the real file. */
static void
test_through_links (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *real_dir = g_build_filename (fixture->dir, "real", NULL);
  g_autofree char *real_path = g_build_filename (real_dir, "campaign.nile", NULL);
  g_autofree char *linked_dir = g_build_filename (fixture->dir, "linked", NULL);
  g_autofree char *through_dir = g_build_filename (linked_dir, "campaign.nile", NULL);
  g_autofree char *linked_file = g_build_filename (fixture->dir, "link.nile", NULL);
  g_autofree char *made_through = g_build_filename (linked_dir, "made.nile", NULL);
  g_autofree char *made_real = g_build_filename (real_dir, "made.nile", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (real_dir, 0700), ==, 0);
  g_object_unref (create_campaign (real_path));
  g_assert_cmpint (symlink (real_dir, linked_dir), ==, 0);
  g_assert_cmpint (symlink (real_path, linked_file), ==, 0);

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(NileCampaign) campaign = nile_campaign_open (i == 0 ? through_dir : linked_file, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (nile_campaign_get_path (campaign), ==, real_path);
    }

  {
    g_autoptr(NileCampaign) made = nile_campaign_create (made_through, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (nile_campaign_get_path (made), ==, made_real);
  }
  g_assert_true (g_file_test (made_real, G_FILE_TEST_IS_REGULAR));
}

/* Undo and redo of every kind of row change ------------------------------------------ */

/* "op|key=value|key=value" lines, played in order. */
static const char * const book_script[] = {
  "set-campaign|game=2|goal=60|edition=ah",
  "add-player|name=Burton|colour=red",
  "add-player|name=Speke|colour=blue",
  "add-tribe|counter=1|hex=T1|size=small",
  "add-tribe|counter=2|hex=T2|size=large",
  "new-explorer|player=Burton|name=Richard|specialty=explorer|port=Zanzibar",
  "outfit|player=Burton|kind=bearers|count=4|cost=40",
  "outfit|player=Burton|kind=rations|count=5|cost=5",
  "set-out|player=Burton|hex=A1",
  "record-hex|player=Burton|hex=H1|terrain=lake|vp=3",
  "record-hex|player=Burton|hex=H2|terrain=veldt|river=true|vp=1",
  /* A plant to bring home (format 14), cached and left: reaching Europe
   * loses its VP and marks it arrived. */
  "bonus-discovery|player=Burton|description=A new orchid|vp=2|item=plant|name=Vanda orchid",
  "cache|player=Burton|rations=2|specimens=1",
  "set-relation|player=Burton|tribe=1|friendly=true",
  "set-relation|player=Burton|tribe=2|friendly=false",
  /* Into port, and to sea the turn after: each change's turn is noted. */
  "move|player=Burton|status=in-port|hex=Zanzibar|distance=0",
  "end-turn|player=Burton",
  "end-turn|player=Speke",
  "move|player=Burton|status=at-sea",
  "end-turn|player=Burton",
  "new-explorer|player=Speke|name=John|specialty=geologist|port=Zanzibar",
  /* Deletes his unpublished hexes, and their points by cascade. */
  "explorer-dies|player=Burton|cause=fever",
  "rename-player|player=Speke|name=Grant",
  /* The turn order changes at the start of a turn, and the turn with it. */
  "end-turn|player=Grant",
  "reorder-player|player=Grant|position=1",
  "rename-campaign|name=Source of the Nile",
  /* His dead explorer, cache, relations and all. */
  "remove-player|player=Burton",
};

/* The same for Discovery Games, whose victories earn their hexes' +1
 * VP (format 13): paid once, and gone with the hexes by cascade. */
static const char * const dg_book_script[] = {
  "set-campaign|game=2|goal=75|edition=dg",
  "add-player|name=Burton|colour=red",
  "add-player|name=Speke|colour=blue",
  "add-tribe|counter=1|hex=H1|natives=12",
  "add-tribe|counter=2|hex=H2|natives=8",
  "new-explorer|player=Burton|name=Richard|specialty=zoology|port=Zanzibar",
  "new-explorer|player=Speke|name=John|specialty=zoology|port=Zanzibar",
  "set-out|player=Burton|hex=H1",
  "set-out|player=Speke|hex=H2",
  "record-hex|player=Burton|hex=H1|terrain=jungle|natives=true",
  "after-victory|player=Burton|tribe=1|prisoners=2",
  "record-hex|player=Speke|hex=H2|terrain=veldt|natives=true|defeated=true",
  "after-victory|player=Speke|tribe=2",
  /* A bonus item that stays to the end, for export and import. */
  "bonus-discovery|player=Speke|description=A new orchid|vp=2|item=plant|name=Vanda orchid",
  "move|player=Burton|hex=H3|distance=2",
  "record-hex|player=Burton|hex=H3|terrain=veldt|natives=true|defeated=true",
  /* Deletes his unpublished hexes, their points and defeats by cascade. */
  "explorer-dies|player=Burton|cause=fever",
  "rename-player|player=Speke|name=Grant",
  "remove-player|player=Burton",
};

typedef struct {
  const char * const *lines;
  guint               n_lines;
} Script;

static const Script ah_script = { book_script, G_N_ELEMENTS (book_script) };
static const Script dg_script = { dg_book_script, G_N_ELEMENTS (dg_book_script) };

/* Every table but the journal, as JSON: what undo must restore. */
static char *
snapshot_state (NileCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = nile_campaign_export_json (campaign, &error);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  JsonArray *tables;

  g_assert_no_error (error);
  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);

  tables = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "tables");
  for (guint i = json_array_get_length (tables); i > 0; i--)
    {
      JsonObject *table = json_array_get_object_element (tables, i - 1);

      if (g_str_equal (json_object_get_string_member (table, "name"), "journal"))
        json_array_remove_element (tables, i - 1);
    }

  json_generator_set_root (generator, json_parser_get_root (parser));
  return json_generator_to_data (generator, NULL);
}

static void
play (NileCampaign *campaign,
      const char   *line)
{
  g_auto(GStrv) parts = g_strsplit (line, "|", -1);
  const NileOperation *op = nile_operation_lookup (parts[0]);
  g_autoptr(GVariant) params = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (op);
  nile_operation_parse_params (op, (const char * const *) parts + 1, &params, &error);
  g_assert_no_error (error);
  nile_campaign_apply (campaign, parts[0], params, &error);
  g_assert_no_error (error);
}

static void
test_undo_redo_everything (Fixture       *fixture,
                           gconstpointer  data)
{
  const Script *script = data != NULL ? data : &ah_script;
  const char * const *lines = script->lines;
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  guint n = script->n_lines;

  if (nile_operation_lookup ("add-player") == NULL)
    {
      g_test_skip ("Needs the campaign book operations");
      return;
    }

  {
    g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);

    g_ptr_array_add (states, snapshot_state (campaign));
    for (guint i = 0; i < n; i++)
      {
        const char *burton_points = "SELECT count(*) FROM vp_entry WHERE hex_id IS NOT NULL AND player_id ="
                                    " (SELECT id FROM player WHERE name = 'Burton')";
        gint64 hex_points = query_int (campaign, burton_points);
        gint64 defeats = query_int (campaign, "SELECT count(*) FROM natives_defeated");

        play (campaign, lines[i]);
        g_ptr_array_add (states, snapshot_state (campaign));

        /* The script does exercise a cascade: Burton's explorer dies. */
        if (g_str_has_prefix (lines[i], "explorer-dies"))
          {
            g_assert_cmpint (hex_points, >, 0);
            g_assert_cmpint (query_int (campaign, burton_points), ==, 0);
            if (defeats > 0)
              g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM natives_defeated"), <, defeats);
          }
      }

    /* Back to the empty campaign, one step at a time. */
    for (guint i = n; i > 0; i--)
      {
        g_autofree char *state = NULL;

        g_assert_true (nile_campaign_undo (campaign, &error));
        g_assert_no_error (error);
        state = snapshot_state (campaign);
        if (g_strcmp0 (state, g_ptr_array_index (states, i - 1)) != 0)
          g_error ("Undoing “%s” did not restore the campaign", lines[i - 1]);
      }
    g_assert_false (nile_campaign_get_can_undo (campaign));
  }

  /* And forward again, after a restart. */
  {
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);

    for (guint i = 1; i <= n; i++)
      {
        g_autofree char *state = NULL;

        g_assert_true (nile_campaign_redo (campaign, &error));
        g_assert_no_error (error);
        state = snapshot_state (campaign);
        if (g_strcmp0 (state, g_ptr_array_index (states, i)) != 0)
          g_error ("Redoing “%s” did not give the same campaign", lines[i - 1]);
      }
    g_assert_false (nile_campaign_get_can_redo (campaign));
    g_assert_true (nile_campaign_check (campaign, &error));
    g_assert_no_error (error);
  }
}

/* A row changed behind the journal's back: undo refuses, changes nothing. */
static void
test_undo_conflict (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);
  g_autoptr(GError) error = NULL;
  sqlite3 *db = _nile_campaign_get_db (campaign);
  gint64 lines;

  rename_campaign (campaign, "Blue Nile");
  g_assert_cmpint (sqlite3_exec (db, "UPDATE meta SET value = 'Edited by hand' WHERE key = 'name'",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  lines = query_int (campaign, "SELECT count(*) FROM journal");

  g_assert_false (nile_campaign_undo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_assert_cmpstr (error->message, ==,
                   "“Renamed the campaign to “Blue Nile”” can’t be undone: the campaign no longer matches it");
  g_clear_error (&error);

  assert_name (campaign, "Edited by hand");
  g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM journal"), ==, lines);
  g_assert_true (nile_campaign_get_can_undo (campaign));
  g_assert_cmpint (query_int (campaign, "PRAGMA foreign_keys"), ==, 1);

  /* Put back as the journal left it, the undo goes through. */
  g_assert_cmpint (sqlite3_exec (db, "UPDATE meta SET value = 'Blue Nile' WHERE key = 'name'",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_true (nile_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  assert_name (campaign, "campaign");
}

/* Undo never leaves a reference dangling: a player someone's explorer
 * belongs to can't be un-added. */
static void
test_undo_keeps_references (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  if (nile_operation_lookup ("add-player") == NULL)
    {
      g_test_skip ("Needs the campaign book operations");
      return;
    }

  campaign = create_campaign (fixture->path);
  play (campaign, "add-player|name=Baker");
  g_assert_cmpint (sqlite3_exec (_nile_campaign_get_db (campaign),
                                 "INSERT INTO explorer (player_id, name, specialty, port, started_turn) "
                                 "SELECT id, 'Samuel', 'explorer', 'Cairo', 1 FROM player",
                                 NULL, NULL, NULL), ==, SQLITE_OK);

  g_assert_false (nile_campaign_undo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_clear_error (&error);
  g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM player"), ==, 1);
  g_assert_true (nile_campaign_check (campaign, &error));
  g_assert_no_error (error);
}

static void *
record_changeset (NileChangesets *changesets,
                  sqlite3        *db,
                  const char     *sql,
                  int            *size)
{
  g_autoptr(GError) error = NULL;
  void *changeset = NULL;

  g_assert_true (_nile_changesets_record_start (changesets, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_true (_nile_changesets_record_finish (changesets, &changeset, size, &error));
  g_assert_no_error (error);
  return changeset;
}

static void
assert_porters (sqlite3    *db,
                const char *expected)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT group_concat (name, ',') FROM (SELECT name FROM porter ORDER BY id)",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, expected);
}

/* A UNIQUE value freed by a later change of the same undo: the refused
 * change is tried again once the others are in. A real swap of two
 * unique values can't be undone row by row and ends as a conflict. */
static void
test_changeset_unique (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(NileChangesets) changesets = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;
  void *changeset;
  int size = 0;

  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "CREATE TABLE porter (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"
                                 "INSERT INTO porter VALUES (1, 'Bombay'), (2, 'Sidi');",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  changesets = _nile_changesets_new (db, NULL);

  /* Undo deletes Mabruki (last) and gives Sidi back his name (first). */
  changeset = record_changeset (changesets, db,
                                "UPDATE porter SET name = 'Mabruki' WHERE id = 2;"
                                "INSERT INTO porter VALUES (3, 'Sidi');",
                                &size);
  assert_porters (db, "Bombay,Mabruki,Sidi");
  g_assert_cmpint (sqlite3_exec (db, "BEGIN", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_true (_nile_changesets_apply (changesets, changeset, size, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  assert_porters (db, "Bombay,Sidi");

  /* Applying that undo a second time finds the rows not as it expects. */
  g_assert_cmpint (sqlite3_exec (db, "BEGIN", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_false (_nile_changesets_apply (changesets, changeset, size, TRUE, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_clear_error (&error);
  g_assert_cmpint (sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL), ==, SQLITE_OK);
  g_free (changeset);

  changeset = record_changeset (changesets, db,
                                "UPDATE porter SET name = 'swap' WHERE id = 1;"
                                "UPDATE porter SET name = 'Bombay' WHERE id = 2;"
                                "UPDATE porter SET name = 'Sidi' WHERE id = 1;",
                                &size);
  g_assert_cmpint (sqlite3_exec (db, "BEGIN", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_false (_nile_changesets_apply (changesets, changeset, size, TRUE, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_assert_cmpint (sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL), ==, SQLITE_OK);
  assert_porters (db, "Sidi,Bombay");
  g_free (changeset);

  g_clear_pointer (&changesets, _nile_changesets_free);
  sqlite3_close (db);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* What a changeset says, one sorted line per change, to compare two. */
static char *
describe_changeset (const void *changeset,
                    int         size)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) all = g_string_new (NULL);
  sqlite3_changeset_iter *iter = NULL;
  int rc;

  if (size == 0)
    return g_strdup ("");

  g_assert_cmpint (sqlite3changeset_start (&iter, size, (void *) changeset), ==, SQLITE_OK);
  while ((rc = sqlite3changeset_next (iter)) == SQLITE_ROW)
    {
      GString *line = g_string_new (NULL);
      const char *table;
      unsigned char *pk;
      int n_columns, op, indirect;

      sqlite3changeset_op (iter, &table, &n_columns, &op, &indirect);
      sqlite3changeset_pk (iter, &pk, NULL);
      g_string_append_printf (line, "%s %d pk=", table, op);
      for (int i = 0; i < n_columns; i++)
        g_string_append_printf (line, "%d", pk[i]);

      for (int side = 0; side < 2; side++)
        {
          g_string_append (line, side == 0 ? " old:" : " new:");
          for (int i = 0; i < n_columns; i++)
            {
              sqlite3_value *value = NULL;

              if (side == 0 && op != SQLITE_INSERT)
                sqlite3changeset_old (iter, i, &value);
              else if (side == 1 && op != SQLITE_DELETE)
                sqlite3changeset_new (iter, i, &value);

              if (value == NULL)
                g_string_append (line, " ~");
              else
                switch (sqlite3_value_type (value))
                  {
                  case SQLITE_INTEGER:
                    g_string_append_printf (line, " i%" G_GINT64_FORMAT, (gint64) sqlite3_value_int64 (value));
                    break;
                  case SQLITE_FLOAT:
                    g_string_append_printf (line, " f%.17g", sqlite3_value_double (value));
                    break;
                  case SQLITE_TEXT:
                    g_string_append_printf (line, " t'%s'", sqlite3_value_text (value));
                    break;
                  case SQLITE_BLOB:
                    g_string_append_printf (line, " b%d", sqlite3_value_bytes (value));
                    break;
                  default:
                    g_string_append (line, " null");
                  }
            }
        }
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }
  g_assert_cmpint (rc, ==, SQLITE_DONE);
  sqlite3changeset_finalize (iter);

  g_ptr_array_sort (lines, compare_strings);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (all, "%s\n", (const char *) g_ptr_array_index (lines, i));
  return g_string_free (g_steal_pointer (&all), FALSE);
}

static char *
random_statement (void)
{
  int id = g_test_rand_int_range (1, 12);
  int other = g_test_rand_int_range (1, 12);

  switch (g_test_rand_int_range (0, 16))
    {
    case 15:
      /* Lengths past one varint byte, and a real number. */
      return g_strdup_printf ("UPDATE OR IGNORE parent SET name = printf ('%%0%dd', %d), data = zeroblob (%d), "
                              "score = %d.25 WHERE id = %d", 100 + other * 40, id, 200 + id, other, id);
    case 14:
      /* Undone inside the change: must leave no trace. */
      return g_strdup_printf ("SAVEPOINT inner; DELETE FROM parent WHERE id = %d; "
                              "INSERT OR IGNORE INTO child VALUES (%d, NULL, 'gone'); "
                              "ROLLBACK TO inner; RELEASE inner", id, other);
    case 0:
      return g_strdup_printf ("INSERT OR IGNORE INTO parent VALUES (%d, 'n%d', %s, %s)", id, other,
                              g_test_rand_bit () ? "NULL" : "2.5", g_test_rand_bit () ? "x'00ff'" : "NULL");
    case 1:
      return g_strdup_printf ("UPDATE OR IGNORE parent SET name = 'n%d', score = score + 1 WHERE id = %d", other, id);
    case 2:
      return g_strdup_printf ("UPDATE OR IGNORE parent SET id = %d WHERE id = %d", other, id);
    case 3:
      return g_strdup_printf ("DELETE FROM parent WHERE id = %d", id);
    case 4:
      return g_test_rand_bit ()
        ? g_strdup_printf ("INSERT OR IGNORE INTO child VALUES (%d, NULL, 'note %d')", id, other)
        : g_strdup_printf ("INSERT OR IGNORE INTO child VALUES (%d, %d, 'note %d')", id, other, other);
    case 5:
      return g_strdup_printf ("DELETE FROM child WHERE id = %d", id);
    case 6:
      return g_strdup_printf ("INSERT OR REPLACE INTO pair VALUES ('a%d', %d, %d)", id % 3, other % 3, id);
    case 7:
      return g_strdup_printf ("UPDATE pair SET v = v * 2 WHERE b = %d", other % 3);
    case 8:
      return g_strdup_printf ("DELETE FROM pair WHERE a = 'a%d'", id % 3);
    case 9:
      return g_strdup_printf ("INSERT OR REPLACE INTO wr VALUES ('k%d', %s)", id % 4,
                              g_test_rand_bit () ? "'text'" : "7");
    case 10:
      return g_strdup_printf ("UPDATE wr SET v = v WHERE k = 'k%d'", id % 4);
    case 11:
      return g_strdup_printf ("DELETE FROM wr WHERE k = 'k%d'", id % 4);
    case 12:
      return g_strdup_printf ("INSERT INTO nopk VALUES (%d, %d)", id, other);
    default:
      /* Gone and back, the same or changed, within one change. */
      return g_strdup_printf ("DELETE FROM child WHERE id = %d; INSERT OR IGNORE INTO child VALUES (%d, NULL, 'note %d')",
                              id, id, g_test_rand_bit () ? id : other);
    }
}

/* The recorder writes what a sqlite session writes, for random changes
 * to tables of every kind: rowid, composite key, WITHOUT ROWID, no key,
 * cascades, REPLACE, key changes, no-op updates, delete and re-insert,
 * statements refused halfway and savepoints rolled back. */
static void
test_changeset_matches_session (Fixture       *fixture,
                                gconstpointer  data)
{
  static const char schema[] =
    "PRAGMA foreign_keys = ON;"
    "CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT UNIQUE, score REAL, data BLOB);"
    "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id) ON DELETE CASCADE, note TEXT);"
    "CREATE TABLE pair (a TEXT, b INTEGER, v, PRIMARY KEY (a, b));"
    "CREATE TABLE wr (k TEXT PRIMARY KEY, v) WITHOUT ROWID;"
    "CREATE TABLE nopk (x, y);";
  g_autofree char *path_a = g_build_filename (fixture->dir, "recorder.sqlite", NULL);
  g_autofree char *path_b = g_build_filename (fixture->dir, "session.sqlite", NULL);
  g_autoptr(NileChangesets) changesets = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *a = NULL;
  sqlite3 *b = NULL;
  guint n_changes = 0;

  g_assert_cmpint (sqlite3_open (path_a, &a), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_open (path_b, &b), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (a, schema, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (b, schema, NULL, NULL, NULL), ==, SQLITE_OK);
  changesets = _nile_changesets_new (a, NULL);

  for (guint round = 0; round < 300; round++)
    {
      sqlite3_session *session = NULL;
      g_autofree void *ours = NULL;
      void *theirs = NULL;
      g_autofree char *ours_text = NULL;
      g_autofree char *theirs_text = NULL;
      int ours_size = 0;
      int theirs_size = 0;

      g_assert_cmpint (sqlite3_exec (a, "BEGIN", NULL, NULL, NULL), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_exec (b, "BEGIN", NULL, NULL, NULL), ==, SQLITE_OK);
      g_assert_true (_nile_changesets_record_start (changesets, &error));
      g_assert_no_error (error);
      g_assert_cmpint (sqlite3session_create (b, "main", &session), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3session_attach (session, NULL), ==, SQLITE_OK);

      for (int i = g_test_rand_int_range (1, 8); i > 0; i--)
        {
          g_autofree char *sql = random_statement ();

          /* A refused statement (a foreign key) must be refused on both. */
          g_assert_cmpint (sqlite3_exec (a, sql, NULL, NULL, NULL), ==, sqlite3_exec (b, sql, NULL, NULL, NULL));
        }

      g_assert_true (_nile_changesets_record_finish (changesets, &ours, &ours_size, &error));
      g_assert_no_error (error);
      g_assert_cmpint (sqlite3session_changeset (session, &theirs_size, &theirs), ==, SQLITE_OK);
      sqlite3session_delete (session);
      g_assert_cmpint (sqlite3_exec (a, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_exec (b, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);

      ours_text = describe_changeset (ours, ours_size);
      theirs_text = describe_changeset (theirs, theirs_size);
      sqlite3_free (theirs);
      g_assert_cmpstr (ours_text, ==, theirs_text);
      n_changes += ours_size > 0;
    }

  g_test_message ("%u of 300 rounds changed something", n_changes);
  g_assert_cmpuint (n_changes, >, 100);

  g_clear_pointer (&changesets, _nile_changesets_free);
  sqlite3_close (a);
  sqlite3_close (b);
}

/* Parameters --------------------------------------------------------------------- */

static void
assert_apply_refused (NileCampaign *campaign,
                      const char   *operation,
                      GVariant     *params,
                      NileError     code,
                      const char   *message_part)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) owned = params != NULL ? g_variant_ref_sink (params) : NULL;
  gint64 before = query_int (campaign, "SELECT count(*) FROM journal");

  g_assert_false (nile_campaign_apply (campaign, operation, owned, &error));
  g_assert_error (error, NILE_ERROR, (gint) code);
  g_test_message ("refused: %s", error->message);
  g_assert_nonnull (strstr (error->message, message_part));
  g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM journal"), ==, before);
}

static void
test_params_validation (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);

  assert_apply_refused (campaign, "fly-to-the-moon", NULL, NILE_ERROR_NOT_FOUND, "fly-to-the-moon");
  assert_apply_refused (campaign, "rename-campaign", NULL, NILE_ERROR_INVALID_INPUT, "name");
  assert_apply_refused (campaign, "rename-campaign", g_variant_new_parsed ("{'name': <'A'>, 'colour': <'red'>}"),
                        NILE_ERROR_INVALID_INPUT, "colour");
  assert_apply_refused (campaign, "rename-campaign", g_variant_new_parsed ("{'name': <int64 5>}"),
                        NILE_ERROR_INVALID_INPUT, "name");
  assert_apply_refused (campaign, "rename-campaign", g_variant_new_parsed ("{'name': <'A'>, 'name': <'B'>}"),
                        NILE_ERROR_INVALID_INPUT, "twice");
  assert_apply_refused (campaign, "rename-campaign", g_variant_new_string ("A"),
                        NILE_ERROR_INVALID_INPUT, "dictionary");
  /* Refused by the operation itself, after the transaction began. */
  assert_apply_refused (campaign, "rename-campaign", g_variant_new_parsed ("{'name': <'   '>}"),
                        NILE_ERROR_INVALID_INPUT, "blank");

  assert_name (campaign, "campaign");
  g_assert_false (nile_campaign_get_can_undo (campaign));
}

static const NileOperationParam sample_params[] = {
  { "player", "s", FALSE, "who" },
  { "count", "x", FALSE, "how many" },
  { "reckless", "b", TRUE, "whether reckless" },
  { "rate", "d", TRUE, "how fast" },
  { NULL }
};

static const NileOperation sample_operation = { "sample", "for the test", sample_params, NULL };

static void
test_parse_params (void)
{
  static const struct {
    const char *args[4];
    const char *error_part;   /* NULL: parses */
  } cases[] = {
    { { "player=Stanley", "count=3", NULL }, NULL },
    { { "player=Stanley", "count=-12", "reckless=yes", "rate=2.5" }, NULL },
    { { "player=a=b", "count=0", "reckless=FALSE", NULL }, NULL },
    { { "player=Stanley", NULL }, "count" },
    { { "player=Stanley", "count=three", NULL }, "count" },
    { { "player=Stanley", "count=3.5", NULL }, "count" },
    { { "player=Stanley", "count=99999999999999999999", NULL }, "count" },
    { { "player=Stanley", "count=1", "reckless=maybe" }, "reckless" },
    { { "player=Stanley", "count=1", "rate=fast" }, "rate" },
    { { "player=Stanley", "count=1", "rate=inf" }, "rate" },
    { { "player=Stanley", "count=1", "colour=red" }, "colour" },
    { { "player", NULL }, "key=value" },
    { { "=5", NULL }, "key=value" },
    { { "player=A", "player=B", "count=1" }, "twice" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GVariant) params = NULL;
      gboolean ok;

      ok = nile_operation_parse_params (&sample_operation, cases[i].args, &params, &error);
      if (cases[i].error_part == NULL)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_true (g_variant_is_of_type (params, G_VARIANT_TYPE_VARDICT));
        }
      else
        {
          g_assert_false (ok);
          g_assert_null (params);
          g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
          if (strstr (error->message, cases[i].error_part) == NULL)
            g_error ("case %u: “%s” does not name “%s”", i, error->message, cases[i].error_part);
        }
    }

  {
    const char *args[] = { "player=Stanley", "count=-12", "reckless=yes", "rate=2.5", NULL };
    g_autoptr(GVariant) params = NULL;
    g_autoptr(GVariantDict) dict = NULL;
    gint64 count = 0;
    gboolean reckless = FALSE;
    double rate = 0;

    g_assert_true (nile_operation_parse_params (&sample_operation, args, &params, NULL));
    dict = g_variant_dict_new (params);
    g_assert_true (g_variant_dict_lookup (dict, "count", "x", &count));
    g_assert_true (g_variant_dict_lookup (dict, "reckless", "b", &reckless));
    g_assert_true (g_variant_dict_lookup (dict, "rate", "d", &rate));
    g_assert_cmpint (count, ==, -12);
    g_assert_true (reckless);
    g_assert_cmpfloat (rate, ==, 2.5);
  }

  g_assert_nonnull (nile_operation_lookup ("rename-campaign"));
  g_assert_null (nile_operation_lookup ("sample"));
}

/* Bad files -------------------------------------------------------------------------- */

static void
test_bad_file_foreign_sqlite (Fixture       *fixture,
                              gconstpointer  data)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE recipes (id INTEGER PRIMARY KEY, dish TEXT);"
                                     "INSERT INTO recipes (dish) VALUES ('ful medames');",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  assert_open_refused (fixture->path, NILE_ERROR_FILE, "is a database, but not a Nile Ledger campaign");
}

/* Writes beside @path the write-ahead log of another database, made by
 * @sql: kept from a connection still open, as sqlite removes the log of
 * a database it closes. */
static void
put_foreign_wal (const char *path,
                 const char *sql)
{
  g_autofree char *other = g_strconcat (path, ".recipes", NULL);
  g_autofree char *other_wal = g_strconcat (other, "-wal", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autoptr(GBytes) log = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (other, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, sql, NULL, NULL, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  log = read_bytes (other_wal);
  g_assert_cmpuint (g_bytes_get_size (log), >, 32);
  write_bytes (wal, g_bytes_get_data (log, NULL), g_bytes_get_size (log));
  sqlite3_close (db);
  _nile_campaign_remove_database_files (other);
}

/* A good campaign with another database's write-ahead log beside it
 * (copied with it, or left by hand): refused, pointing at the log, and
 * neither file changed. */
static void
test_bad_file_foreign_wal (Fixture       *fixture,
                           gconstpointer  data)
{
  static const char * const logs[] = {
    /* Its first page over the campaign's, with another application id. */
    "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;"
    "CREATE TABLE recipes (dish TEXT); INSERT INTO recipes VALUES ('ful medames');",
    /* Pages of another size. */
    "PRAGMA page_size = 1024; PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;"
    "CREATE TABLE recipes (dish TEXT); INSERT INTO recipes VALUES ('ful medames');",
    /* Only later pages, over the campaign's tables. */
    "PRAGMA journal_mode = WAL; CREATE TABLE recipes (dish TEXT);"
    "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)"
    " INSERT INTO recipes SELECT printf ('%0100d', i) FROM n;"
    "PRAGMA wal_checkpoint (TRUNCATE); PRAGMA wal_autocheckpoint = 0;"
    "UPDATE recipes SET dish = 'kushari' WHERE rowid = 150;",
  };
  g_autofree char *wal = g_strconcat (fixture->path, "-wal", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (logs); i++)
    {
      g_autoptr(GBytes) file_before = NULL;
      g_autoptr(GBytes) wal_before = NULL;
      g_autoptr(GBytes) file_after = NULL;
      g_autoptr(GBytes) wal_after = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) read_error = NULL;
      g_autoptr(NileCampaign) campaign = NULL;
      g_autoptr(NileCampaign) reader = NULL;

      nile_test_remove_tree (fixture->dir);
      g_assert_cmpint (g_mkdir (fixture->dir, 0700), ==, 0);
      make_closed_campaign (fixture->path, 40);
      put_foreign_wal (fixture->path, logs[i]);
      file_before = read_bytes (fixture->path);
      wal_before = read_bytes (wal);

      campaign = nile_campaign_open (fixture->path, &error);
      g_assert_null (campaign);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_FILE);
      g_test_message ("refused: %s", error->message);
      g_assert_nonnull (strstr (error->message, "but the “campaign.nile-wal” file beside it belongs to another database"));
      g_assert_nonnull (strstr (error->message, "Move “campaign.nile-wal” out of the folder"));

      reader = nile_campaign_open_read_only (fixture->path, &read_error);
      g_assert_null (reader);
      g_assert_error (read_error, NILE_ERROR, NILE_ERROR_FILE);
      g_assert_cmpstr (read_error->message, ==, error->message);

      file_after = read_bytes (fixture->path);
      wal_after = read_bytes (wal);
      g_assert_true (g_bytes_equal (file_before, file_after));
      g_assert_true (g_bytes_equal (wal_before, wal_after));
    }
}

static void
test_bad_file_not_sqlite (Fixture       *fixture,
                          gconstpointer  data)
{
  static const guint8 png[] = {
    0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
    0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
  };
  const char *text = "Day 12: the porters refuse to cross the swamp.\n";

  write_bytes (fixture->path, png, sizeof png);
  assert_open_refused (fixture->path, NILE_ERROR_FILE, "not a Nile Ledger campaign");

  write_bytes (fixture->path, text, strlen (text));
  assert_open_refused (fixture->path, NILE_ERROR_FILE, "not a Nile Ledger campaign");
}

static void
test_bad_file_empty (Fixture       *fixture,
                     gconstpointer  data)
{
  write_bytes (fixture->path, "", 0);
  assert_open_refused (fixture->path, NILE_ERROR_FILE, "empty");
}

static void
test_bad_file_missing (Fixture       *fixture,
                       gconstpointer  data)
{
  assert_open_refused (fixture->path, NILE_ERROR_FILE, "no campaign file");
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
}

static void
test_bad_file_truncated (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GBytes) whole = NULL;
  gsize size;
  const guint8 *bytes;

  make_closed_campaign (fixture->path, 40);
  whole = read_bytes (fixture->path);
  bytes = g_bytes_get_data (whole, &size);
  g_assert_cmpuint (size, >=, 4 * 4096);

  /* Cut at a page boundary, and in the middle of a page. */
  write_bytes (fixture->path, bytes, size / 2 / 4096 * 4096);
  assert_open_refused (fixture->path, NILE_ERROR_CORRUPT, "shorter");

  write_bytes (fixture->path, bytes, 5000);
  assert_open_refused (fixture->path, NILE_ERROR_CORRUPT, "shorter");

  write_bytes (fixture->path, bytes, 60);
  assert_open_refused (fixture->path, NILE_ERROR_FILE, "not a Nile Ledger campaign");
}

static void
test_bad_file_corrupt (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GBytes) whole = NULL;
  g_autofree guint8 *bytes = NULL;
  gsize size;

  make_closed_campaign (fixture->path, 40);
  whole = read_bytes (fixture->path);
  bytes = g_memdup2 (g_bytes_get_data (whole, &size), g_bytes_get_size (whole));

  /* Scramble the b-tree page header and cell pointers of page 2. */
  for (gsize i = 4096; i < 4096 + 64; i++)
    bytes[i] ^= 0x5a;
  write_bytes (fixture->path, bytes, size);

  assert_open_refused (fixture->path, NILE_ERROR_CORRUPT, "damaged");
}

/* Text that is not UTF-8, as a damaged file or another program may
 * leave it: sqlite keeps the bytes and quick_check passes them. The
 * book, the log and the export read each bad byte as U+FFFD, which GTK
 * labels and JSON take; the export imports again. */
static void
test_bad_file_not_utf8 (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);
  g_autoptr(NileCampaign) imported = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(NileLogEntry) entry = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *copy_path = g_build_filename (fixture->dir, "copy.nile", NULL);
  g_autofree char *exported = NULL;
  g_autofree char *summary = NULL;
  sqlite3 *db = _nile_campaign_get_db (campaign);
  GListModel *log;

  g_assert_true (nile_campaign_apply (campaign, "add-player",
                                      g_variant_new_parsed ("{'name': <'Anna'>}"), &error));
  g_assert_no_error (error);
  g_clear_object (&campaign);

  campaign = open_campaign (fixture->path);
  db = _nile_campaign_get_db (campaign);
  g_assert_cmpint (sqlite3_exec (db,
                                 "UPDATE player SET name = CAST(X'416EFF6E61' AS TEXT);"
                                 "UPDATE journal SET summary = CAST(X'41646465C0' AS TEXT)"
                                 " WHERE seq = (SELECT max(seq) FROM journal);",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_clear_object (&campaign);

  campaign = open_campaign (fixture->path);
  book = nile_campaign_book_new (campaign);
  {
    g_autoptr(NilePlayer) player = g_list_model_get_item (nile_campaign_book_get_players (book), 0);

    g_assert_cmpstr (nile_player_get_name (player), ==, "An\xef\xbf\xbdna");
  }

  log = nile_campaign_get_log (campaign);
  entry = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
  g_object_get (entry, "summary", &summary, NULL);
  g_assert_cmpstr (summary, ==, "Adde\xef\xbf\xbd");

  exported = nile_campaign_export_json (campaign, &error);
  g_assert_no_error (error);
  g_assert_true (g_utf8_validate (exported, -1, NULL));
  imported = nile_campaign_import_json (exported, copy_path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (imported);
}

static void
test_bad_file_newer_format (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *message = NULL;
  g_autofree char *sql = NULL;
  sqlite3 *db = NULL;

  make_closed_campaign (fixture->path, 1);
  sql = g_strdup_printf ("PRAGMA user_version = %u", nile_campaign_get_format_version () + 7);
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  message = g_strdup_printf ("This campaign was saved by a newer version of Nile Ledger (format %u); "
                             "this version reads up to format %u.",
                             nile_campaign_get_format_version () + 7, nile_campaign_get_format_version ());
  assert_open_refused (fixture->path, NILE_ERROR_NEWER_FORMAT, message);
}

/* Runs @sql on the closed campaign at @path with plain sqlite, as
 * another program would. */
static void
tamper (const char *path,
        const char *sql)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, sql, NULL, NULL, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  sqlite3_close (db);
}

/* A table or a column gone, or one added, by another program: refused
 * before anything writes to the file, naming what is wrong. */
static void
test_bad_file_missing_table (Fixture       *fixture,
                             gconstpointer  data)
{
  static const struct {
    const char *sql;
    const char *said;
  } cases[] = {
    { "DROP TABLE cache;", "its “cache” table is missing" },
    { "ALTER TABLE player DROP COLUMN colour;", "its “player” table has no “colour” column" },
    { "ALTER TABLE tribe ADD COLUMN chief TEXT;", "its “tribe” table has a “chief” column this version does not know" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *expected = g_strdup_printf ("is damaged and can’t be opened (%s)", cases[i].said);

      g_remove (fixture->path);
      make_closed_campaign (fixture->path, 1);
      tamper (fixture->path, cases[i].sql);
      assert_open_refused (fixture->path, NILE_ERROR_CORRUPT, expected);
    }
}

/* A campaign whose player Anna has sent Bob to Zanzibar, and whose
 * second player is Ben, whole when it is closed. */
static void
make_closed_campaign_with_explorer (const char *path)
{
  g_autoptr(NileCampaign) campaign = create_campaign (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (nile_campaign_apply (campaign, "add-player", g_variant_new_parsed ("{'name': <'Anna'>}"), &error));
  g_assert_true (nile_campaign_apply (campaign, "new-explorer",
                                      g_variant_new_parsed ("{'player': <'Anna'>, 'name': <'Bob'>, "
                                                            "'specialty': <'journalist'>, 'port': <'Zanzibar'>}"),
                                      &error));
  g_assert_true (nile_campaign_apply (campaign, "add-player", g_variant_new_parsed ("{'name': <'Ben'>}"), &error));
  g_assert_no_error (error);
  g_assert_true (nile_campaign_check (campaign, &error));
  g_assert_no_error (error);
}

/* A row that refers to one another program deleted with sqlite's
 * foreign keys off: opened, the window left the player out without a
 * word and the turn was "(null)'s". Refused as damaged, naming the
 * tables, and left as it was. */
static void
test_bad_file_broken_reference (Fixture       *fixture,
                                gconstpointer  data)
{
  make_closed_campaign_with_explorer (fixture->path);
  tamper (fixture->path, "DELETE FROM player WHERE name = 'Anna';");
  assert_open_refused (fixture->path, NILE_ERROR_CORRUPT,
                       "is damaged and can’t be opened (a row of its “explorer” table refers to a row "
                       "of its “player” table that is not there)");
}

/* The CHECK constraints of a CREATE TABLE statement, however it is
 * spelled: parentheses and the word CHECK inside strings, quoted names
 * and comments are not constraints, nor a column whose name holds it. */
static void
test_check_constraints_parse (void)
{
  static const char *sql =
    "CREATE TABLE t (\n"
    "  a INTEGER NOT NULL CHECK (a >= 0 AND (a < 10 OR a = 99)),  -- CHECK (a > 5) in a comment\n"
    "  \"odd)\" TEXT check(length (\"odd)\") > 0),\n"
    "  b TEXT DEFAULT 'CHECK (1)' CHECK (b IN ('x)', 'it''s (', ')')),\n"
    "  rechecked INTEGER, [check] INTEGER, /* CHECK (0) */\n"
    "  CONSTRAINT pair CHECK\n    (a <> rechecked)\n"
    ")";
  static const char * const expected[] = {
    "a >= 0 AND (a < 10 OR a = 99)",
    "length (\"odd)\") > 0",
    "b IN ('x)', 'it''s (', ')')",
    "a <> rechecked",
  };
  g_autoptr(GPtrArray) rules = _nile_check_constraints_parse (sql);
  g_autoptr(GPtrArray) none = _nile_check_constraints_parse ("CREATE TABLE u (id INTEGER PRIMARY KEY, checked TEXT)");

  g_assert_cmpuint (rules->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < rules->len; i++)
    g_assert_cmpstr (g_ptr_array_index (rules, i), ==, expected[i]);
  g_assert_cmpuint (none->len, ==, 0);
}

/* A value another program wrote with sqlite's CHECK constraints turned
 * off: sqlite reads no constraints from a file opened read-only, and
 * `check` (which reads so) called the file whole. It is damaged, read
 * either way, and the rule it breaks is named. */
static void
test_check_finds_broken_rule (Fixture       *fixture,
                              gconstpointer  data)
{
  static const char *said = "is damaged: a row of “explorer” holds what Nile Ledger never writes: it fails the "
                            "rule status IN ('in-europe', 'at-sea', 'in-port', 'in-africa', 'captive', 'dead', "
                            "'retired')";
  g_autoptr(GError) error = NULL;

  make_closed_campaign_with_explorer (fixture->path);
  tamper (fixture->path, "PRAGMA ignore_check_constraints = ON; UPDATE explorer SET status = 'flying';");

  {
    g_autoptr(NileCampaign) reader = nile_campaign_open_read_only (fixture->path, &error);

    g_assert_no_error (error);
    g_assert_false (nile_campaign_check (reader, &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
    g_assert_nonnull (strstr (error->message, said));
    g_clear_error (&error);
  }
  {
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);

    /* Read for writing, sqlite's own check has the constraints and
     * finds the row first, in its own words. */
    g_assert_false (nile_campaign_check (campaign, &error));
    g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, "is damaged and can’t be opened (CHECK constraint failed in explorer)"));
  }
}

/* Two players at one place in the turn order, which no operation
 * makes: `check` passed it, and the turn went past both. */
static void
test_check_finds_shared_turn_place (Fixture       *fixture,
                                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) reader = NULL;

  make_closed_campaign_with_explorer (fixture->path);
  tamper (fixture->path, "UPDATE player SET turn_order = 1 WHERE name = 'Ben';");

  reader = nile_campaign_open_read_only (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_false (nile_campaign_check (reader, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "is damaged: two players share place 1 in the turn order"));
}

static void
test_bad_file_read_only (Fixture       *fixture,
                         gconstpointer  data)
{
  make_closed_campaign (fixture->path, 1);

  /* Through the test hook, which works whoever runs the test: the file
   * opens for writing as read-only, as a refusing disk would make it. */
  _nile_campaign_set_force_read_only (TRUE);
  assert_open_refused (fixture->path, NILE_ERROR_READ_ONLY, "read-only");
  _nile_campaign_set_force_read_only (FALSE);

  if (geteuid () == 0)
    {
      g_test_skip ("File permissions do not stop root from writing; the test hook above covered this");
      return;
    }

  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  assert_open_refused (fixture->path, NILE_ERROR_READ_ONLY, "the file is read-only");
  g_assert_cmpint (g_chmod (fixture->path, 0644), ==, 0);
}

static void
test_bad_file_read_only_folder (Fixture       *fixture,
                                gconstpointer  data)
{
  make_closed_campaign (fixture->path, 1);

  if (geteuid () == 0)
    {
      g_test_skip ("Folder permissions do not stop root from writing");
      return;
    }

  g_assert_cmpint (g_chmod (fixture->dir, 0555), ==, 0);
  assert_open_refused (fixture->path, NILE_ERROR_READ_ONLY, "folder is read-only");
  g_assert_cmpint (g_chmod (fixture->dir, 0700), ==, 0);
}

/* A new campaign in a folder that is not there, or under a file taken
 * for a folder: said so, in words, and nothing made. */
static void
test_bad_file_create_nowhere (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *missing = g_build_filename (fixture->dir, "gone", "new.nile", NULL);
  g_autofree char *under_file = g_build_filename (fixture->path, "new.nile", NULL);
  g_autoptr(GError) error = NULL;
  NileCampaign *campaign;

  campaign = nile_campaign_create (missing, &error);
  g_assert_null (campaign);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FILE);
  g_assert_nonnull (strstr (error->message, "there is no folder"));
  g_assert_nonnull (strstr (error->message, "gone"));
  g_assert_null (strstr (error->message, "No such file"));
  g_clear_error (&error);

  make_closed_campaign (fixture->path, 1);
  campaign = nile_campaign_create (under_file, &error);
  g_assert_null (campaign);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FILE);
  g_assert_nonnull (strstr (error->message, "is not a folder"));
  g_assert_false (g_file_test (under_file, G_FILE_TEST_EXISTS));
}

/* The file deleted, or another put in its place, while the campaign is
 * open (a window left open while the folder is tidied): the change is
 * refused, not written where no one will ever read it, and the file now
 * at the path is left as it was. */
static void
test_bad_file_vanished (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *other = g_build_filename (fixture->dir, "other.nile", NULL);
  g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GError) error = NULL;

  rename_campaign (campaign, "Kept");
  g_assert_cmpint (g_unlink (fixture->path), ==, 0);
  g_assert_false (nile_campaign_apply (campaign, "rename-campaign", g_variant_new_parsed ("{'name': <'Lost'>}"),
                                       &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FILE);
  g_assert_nonnull (strstr (error->message, "no longer there"));
  g_clear_error (&error);
  g_assert_false (nile_campaign_undo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FILE);
  g_clear_error (&error);
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  make_closed_campaign (other, 1);
  g_assert_cmpint (g_rename (other, fixture->path), ==, 0);
  before = read_bytes (fixture->path);
  g_assert_false (nile_campaign_apply (campaign, "rename-campaign", g_variant_new_parsed ("{'name': <'Lost'>}"),
                                       &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FILE);
  g_assert_nonnull (strstr (error->message, "replaced"));
  g_clear_error (&error);
  after = read_bytes (fixture->path);
  g_assert_true (g_bytes_equal (before, after));
}

/* Opening to read ---------------------------------------------------------------- */

static NileCampaign *
open_read_only (const char *path)
{
  g_autoptr(GError) error = NULL;
  NileCampaign *campaign = nile_campaign_open_read_only (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (campaign);
  g_assert_true (nile_campaign_get_read_only (campaign));
  return campaign;
}

/* Every way of changing @campaign is refused, in words that say why. */
static void
assert_changes_refused (NileCampaign *campaign)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (nile_campaign_get_can_undo (campaign));
  g_assert_false (nile_campaign_get_can_redo (campaign));

  g_assert_false (nile_campaign_apply (campaign, "rename-campaign",
                                       g_variant_new_parsed ("{'name': <'Changed'>}"), &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, "is read-only"));
  g_clear_error (&error);

  g_assert_false (nile_campaign_apply_all (campaign,
                                           g_variant_new_parsed ("[('rename-campaign', {'name': <'Changed'>})]"),
                                           NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_READ_ONLY);
  g_clear_error (&error);

  g_assert_false (nile_campaign_undo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_READ_ONLY);
  g_clear_error (&error);

  g_assert_false (nile_campaign_redo (campaign, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_READ_ONLY);
}

/* Everything the command line reads: the log, the check and an export. */
static void
assert_reads (NileCampaign *campaign,
              const char   *name,
              guint         n_lines)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;

  assert_name (campaign, name);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_lines);
  g_assert_true (nile_campaign_check (campaign, &error));
  g_assert_no_error (error);
  json = nile_campaign_export_json (campaign, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (json, name));
}

static void
remove_campaign_files (const char *path)
{
  static const char * const suffixes[] = { "", "-wal", "-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);

      g_remove (name);
    }
}

static void
copy_file (const char *from,
           const char *to)
{
  g_autoptr(GBytes) bytes = read_bytes (from);

  write_bytes (to, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* Into @dir, a copy of a campaign as a program killed while it had the
 * file open leaves it: two changes in the write-ahead log only, beside
 * the log's index (-shm) unless @with_index is FALSE. Returns its path. */
static char *
make_left_campaign (const char *dir,
                    gboolean    with_index)
{
  static const char * const parts[] = { "", "-wal", "-shm" };
  g_autofree char *source = g_build_filename (dir, "source.nile", NULL);
  char *path = g_build_filename (dir, "left.nile", NULL);
  g_autoptr(NileCampaign) window = create_campaign (source);

  rename_campaign (window, "Lake Victoria");
  rename_campaign (window, "Lake Albert");
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      g_autofree char *from = g_strconcat (source, parts[i], NULL);
      g_autofree char *to = g_strconcat (path, parts[i], NULL);

      if (i < 2 || with_index)
        copy_file (from, to);
    }
  g_clear_object (&window);
  remove_campaign_files (source);
  return path;
}

/* A campaign opened to be read reads as it is, refuses every change,
 * and leaves its file and folder as they were: no update, no log. */
static void
test_read_only_refuses_changes (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  {
    g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);

    rename_campaign (campaign, "Lake Rudolf");
    rename_campaign (campaign, "Lake Albert");
    g_assert_true (nile_campaign_undo (campaign, NULL));
  }
  before = nile_test_describe_folder (fixture->dir);

  {
    g_autoptr(NileCampaign) campaign = open_read_only (fixture->path);
    gboolean read_only = FALSE;

    g_object_get (campaign, "read-only", &read_only, NULL);
    g_assert_true (read_only);
    /* Not even while it is open does a log appear beside the file. */
    assert_no_litter (fixture->path);
    assert_reads (campaign, "Lake Rudolf", 3);
    assert_changes_refused (campaign);
    assert_name (campaign, "Lake Rudolf");
  }

  after = nile_test_describe_folder (fixture->dir);
  g_assert_cmpstr (before, ==, after);

  /* Opened for writing, the same file still changes. */
  {
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);

    g_assert_false (nile_campaign_get_read_only (campaign));
    g_assert_true (nile_campaign_redo (campaign, NULL));
    assert_name (campaign, "Lake Albert");
  }
}

/* A log left beside a file that can't be written holds changes the file
 * does not: they are read, through the log's index or, with none, from
 * a copy, and nothing beside the file is made or changed. The test hook
 * stands for the permissions, which do not stop root. */
static void
test_read_only_left_log (Fixture       *fixture,
                         gconstpointer  data)
{
  for (guint with_index = 0; with_index < 2; with_index++)
    {
      g_autofree char *path = make_left_campaign (fixture->dir, with_index);
      g_autofree char *before = nile_test_describe_folder (fixture->dir);
      g_autofree char *after = NULL;
      g_autoptr(GError) error = NULL;

      _nile_campaign_set_force_read_only (TRUE);
      {
        g_autoptr(NileCampaign) campaign = open_read_only (path);

        assert_reads (campaign, "Lake Albert", 2);
        assert_changes_refused (campaign);
      }
      g_assert_null (nile_campaign_open (path, &error));
      g_assert_error (error, NILE_ERROR, NILE_ERROR_READ_ONLY);
      _nile_campaign_set_force_read_only (FALSE);

      after = nile_test_describe_folder (fixture->dir);
      g_assert_cmpstr (before, ==, after);
      remove_campaign_files (path);
    }
}

/* An older format is read as this version's, and the file keeps its
 * own: no update, no copy beside it. */
static void
test_read_only_older_format (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "fixtures", "campaign-v1.nile", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  copy_file (source, fixture->path);
  before = nile_test_describe_folder (fixture->dir);

  {
    g_autoptr(NileCampaign) campaign = open_read_only (fixture->path);

    g_assert_cmpint (query_int (campaign, "PRAGMA user_version"), ==, nile_campaign_get_format_version ());
    assert_reads (campaign, "Mountains of the Moon", 1);
    assert_changes_refused (campaign);
  }

  after = nile_test_describe_folder (fixture->dir);
  g_assert_cmpstr (before, ==, after);
}

/* With the permissions themselves: a read-only file in a folder its
 * reader may write, a file in a read-only folder, and logs left in a
 * read-only folder with and without their index. Root reads as nobody. */
static void
test_read_only_permissions (Fixture       *fixture,
                            gconstpointer  data)
{
  static const struct {
    gboolean left;
    gboolean with_index;
    int      file_mode;
    int      folder_mode;
  } cases[] = {
    { FALSE, FALSE, 0444, 0755 },
    { FALSE, FALSE, 0644, 0555 },
    { TRUE, TRUE, 0444, 0555 },
    { TRUE, FALSE, 0644, 0555 },
    { TRUE, FALSE, 0444, 0755 },
  };

  g_assert_cmpint (g_chmod (fixture->dir, 0755), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      static const char * const parts[] = { "", "-wal", "-shm" };
      g_autofree char *name = g_strdup_printf ("case-%u", i);
      g_autofree char *dir = g_build_filename (fixture->dir, name, NULL);
      g_autofree char *path = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
      if (cases[i].left)
        path = make_left_campaign (dir, cases[i].with_index);
      else
        {
          path = g_build_filename (dir, "closed.nile", NULL);
          make_closed_campaign (path, 2);
        }
      for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
        {
          g_autofree char *part = g_strconcat (path, parts[p], NULL);

          if (g_file_test (part, G_FILE_TEST_EXISTS))
            g_assert_cmpint (g_chmod (part, cases[i].file_mode), ==, 0);
        }
      if (cases[i].folder_mode & 0200)
        nile_test_give_to_reader (dir);
      g_assert_cmpint (g_chmod (dir, cases[i].folder_mode), ==, 0);
      before = nile_test_describe_folder (dir);

      if (!nile_test_become_reader ())
        {
          g_test_skip ("Running as root, the test can't read as nobody, whom permissions stop");
          return;
        }
      {
        g_autoptr(NileCampaign) campaign = nile_campaign_open_read_only (path, &error);

        g_assert_no_error (error);
        if (cases[i].left)
          assert_reads (campaign, "Lake Albert", 2);
        else
          g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, 2);
        assert_changes_refused (campaign);
      }
      g_assert_null (nile_campaign_open (path, &error));
      g_assert_error (error, NILE_ERROR, NILE_ERROR_READ_ONLY);
      nile_test_stop_being_reader ();

      after = nile_test_describe_folder (dir);
      g_assert_cmpstr (before, ==, after);
    }
}

/* A full disk, made by capping the file at its current size: the change
 * fails with NILE_ERROR_DISK_FULL and nothing of it is kept. */
static void
test_disk_full (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *padding = g_strnfill (190, 'z');
  g_autofree char *last_name = g_strdup ("Before the storm");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *cap = NULL;

  rename_campaign (campaign, last_name);

  cap = g_strdup_printf ("PRAGMA max_page_count = %" G_GINT64_FORMAT,
                         query_int (campaign, "PRAGMA page_count"));
  g_assert_cmpint (sqlite3_exec (_nile_campaign_get_db (campaign), cap, NULL, NULL, NULL), ==, SQLITE_OK);

  /* A name is at most 200 characters: rename, each change taking room
   * in the journal, until there is none left. */
  for (guint i = 0;; i++)
    {
      g_autofree char *name = g_strdup_printf ("%u %s", i, padding);

      g_assert_cmpuint (i, <, 10000);
      g_free (before);
      before = nile_campaign_export_json (campaign, &error);
      g_assert_no_error (error);
      if (!nile_campaign_apply (campaign, "rename-campaign", g_variant_new_parsed ("{'name': <%s>}", name),
                                &error))
        break;
      g_free (last_name);
      last_name = g_steal_pointer (&name);
    }
  g_assert_error (error, NILE_ERROR, NILE_ERROR_DISK_FULL);
  g_assert_cmpstr (error->message, ==, "The disk is full; the last change was not saved");
  g_clear_error (&error);

  after = nile_campaign_export_json (campaign, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (before, ==, after);
  assert_name (campaign, last_name);

  /* Room again: the campaign goes on as if nothing happened. */
  g_assert_cmpint (sqlite3_exec (_nile_campaign_get_db (campaign), "PRAGMA max_page_count = 1073741823",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  rename_campaign (campaign, "After the storm");
  g_assert_true (nile_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  assert_name (campaign, last_name);
}

/* Format updates --------------------------------------------------------------------- */

static void
test_migrate_v1 (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "fixtures", "campaign-v1.nile", NULL);
  g_autofree char *bak = g_strconcat (fixture->path, ".v1.bak", NULL);
  g_autoptr(GBytes) original = read_bytes (source);
  g_autoptr(GError) error = NULL;

  write_bytes (fixture->path, g_bytes_get_data (original, NULL), g_bytes_get_size (original));

  {
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);
    g_autoptr(GBytes) backup = read_bytes (bak);
    GListModel *log;
    g_autoptr(NileLogEntry) entry = NULL;

    g_assert_true (g_bytes_equal (original, backup));
    g_assert_cmpint (query_int (campaign, "PRAGMA user_version"), ==, nile_campaign_get_format_version ());
    g_assert_true (nile_campaign_check (campaign, &error));
    g_assert_no_error (error);

    assert_name (campaign, "Mountains of the Moon");
    assert_query_text (campaign, "SELECT value FROM meta WHERE key = 'created'", "2026-01-10T18:00:00Z");

    log = nile_campaign_get_log (campaign);
    g_assert_cmpuint (g_list_model_get_n_items (log), ==, 1);
    entry = g_list_model_get_item (log, 0);
    g_assert_cmpint (nile_log_entry_get_kind (entry), ==, NILE_LOG_KIND_DO);
    g_assert_cmpstr (nile_log_entry_get_operation (entry), ==, "rename-campaign");
    g_assert_cmpstr (nile_log_entry_get_summary (entry), ==, "Renamed the campaign to “Mountains of the Moon”");
    g_assert_nonnull (nile_log_entry_get_time (entry));
    g_assert_nonnull (nile_log_entry_get_params (entry));

    /* The change recorded by format 1 can still be undone. */
    g_assert_true (nile_campaign_get_can_undo (campaign));
    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_no_error (error);
    assert_name (campaign, "Lake Tanganyika");
  }

  /* Opening it again needs no update and makes no second copy. */
  {
    g_autofree char *second = g_strconcat (fixture->path, ".v2.bak", NULL);
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);

    assert_name (campaign, "Lake Tanganyika");
    g_assert_false (g_file_test (second, G_FILE_TEST_EXISTS));
  }

  /* Updating the same old file again keeps the first copy and numbers
   * the next. */
  {
    g_autofree char *second_bak = g_strconcat (fixture->path, ".v1-2.bak", NULL);
    g_autoptr(NileCampaign) again = NULL;
    g_autoptr(GBytes) backup = NULL;

    write_bytes (fixture->path, g_bytes_get_data (original, NULL), g_bytes_get_size (original));
    again = open_campaign (fixture->path);
    backup = read_bytes (second_bak);
    g_assert_true (g_bytes_equal (original, backup));
  }

  /* The fixture itself is never touched. */
  {
    g_autoptr(GBytes) still = read_bytes (source);

    g_assert_true (g_bytes_equal (original, still));
  }
}

/* Format 11 notes the turn of every change of status, so a port
 * entered this turn is left for Europe only the next (R 21.4). A
 * campaign from before knows none of its changes' turns: none holds
 * anything back, and they undo as before. In the fixture's turn 1
 * Stanley has entered port, and Speke entered port and set sail. */
static void
test_migrate_status_changes (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "fixtures", "campaign-v10.json", NULL);
  g_autofree char *json = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (source, &json, NULL, &error);
  g_assert_no_error (error);
  campaign = nile_campaign_import_json (json, fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (query_int (campaign, "PRAGMA user_version"), ==, nile_campaign_get_format_version ());
  g_assert_cmpint (query_int (campaign, "SELECT count (*) FROM status_change"), ==, 0);

  play (campaign, "move|player=Anna|status=at-sea");
  play (campaign, "move|player=Burton|status=in-europe");
  assert_query_text (campaign, "SELECT status FROM explorer WHERE name = 'Speke'", "in-europe");

  /* Setting sail after the update is noted: the voyage takes the turn. */
  g_assert_false (nile_campaign_apply (campaign, "move",
                                       g_variant_new_parsed ("{'player': <'Anna'>, 'status': <'in-europe'>}"),
                                       &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_assert_nonnull (strstr (error->message, "(R 21.4)"));
  g_clear_error (&error);
  g_assert_cmpint (query_int (campaign, "SELECT count (*) FROM status_change"), ==, 2);

  /* Undone, the two notes go with their changes; then a change from
   * before the update, which noted none. */
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (nile_campaign_undo (campaign, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (query_int (campaign, "SELECT count (*) FROM status_change"), ==, 0);
  assert_query_text (campaign, "SELECT status FROM explorer WHERE name = 'Stanley'", "in-port");
  assert_query_text (campaign, "SELECT status FROM explorer WHERE name = 'Speke'", "in-port");
  g_assert_true (nile_campaign_check (campaign, &error));
  g_assert_no_error (error);
}

/* Format 13 keeps the hexes whose natives' defeat has paid its +1 VP.
 * A DG campaign from before knows them by their VP: in the fixture
 * Stanley's B12 was recorded with its natives defeated, Speke's C5
 * with natives not yet fought. A victory pays only where nothing has. */
static void
test_migrate_natives_defeated (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "fixtures", "campaign-v12.json", NULL);
  g_autofree char *json = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  const char *points = "SELECT total (v.amount) FROM vp_entry v JOIN explorer e ON e.id = v.explorer_id"
                       " WHERE e.name = ";
  g_autofree char *stanley = g_strconcat (points, "'Stanley'", NULL);
  g_autofree char *speke = g_strconcat (points, "'Speke'", NULL);

  g_file_get_contents (source, &json, NULL, &error);
  g_assert_no_error (error);
  campaign = nile_campaign_import_json (json, fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (query_int (campaign, "PRAGMA user_version"), ==, nile_campaign_get_format_version ());
  g_assert_cmpint (query_int (campaign, "SELECT count (*) FROM natives_defeated"), ==, 1);
  g_assert_cmpint (query_int (campaign, stanley), ==, 4);
  g_assert_cmpint (query_int (campaign, speke), ==, 2);

  play (campaign, "after-victory|player=Anna|tribe=3");
  play (campaign, "after-victory|player=Burton|tribe=4");
  g_assert_cmpint (query_int (campaign, stanley), ==, 4);
  g_assert_cmpint (query_int (campaign, speke), ==, 3);

  /* Undone, and back to the two changes from before the update. */
  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (nile_campaign_undo (campaign, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (query_int (campaign, speke), ==, 0);
  g_assert_true (nile_campaign_check (campaign, &error));
  g_assert_no_error (error);
}

/* Opening compares a file's tables with a checksum listed for its
 * format; each must be that of the tables the shipped steps make. */
static void
test_format_checksums (void)
{
  for (guint version = 1; version <= nile_campaign_get_format_version (); version++)
    {
      g_autofree char *built = _nile_campaign_build_format_checksum (version);
      const char *listed = _nile_campaign_format_checksum (version);

      if (g_strcmp0 (listed, built) != 0)
        g_error ("format_checksums[] in nile-campaign.c should have [%u] = \"%s\"", version, built);
    }
}

/* The backups an update of @path has left beside it. */
static guint
count_backups (const char *path)
{
  g_autofree char *dir_name = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GDir) dir = g_dir_open (dir_name, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    n += g_str_has_prefix (name, base) && g_str_has_suffix (name, ".bak");
  return n;
}

/* An update that fails leaves the file exactly as it was, and no copy
 * of it each time it is tried: nothing was changed, so there is nothing
 * to keep. Here the file claims an older format than it has, so a step
 * finds its indexes or tables already made: said in a player's words,
 * not sqlite's "already exists", to open and to read. */
static void
test_migrate_failure (Fixture       *fixture,
                      gconstpointer  data)
{
  guint marks[] = { nile_campaign_get_format_version () - 1, 10 };

  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    {
      g_autofree char *sql = g_strdup_printf ("PRAGMA user_version = %u", marks[i]);
      g_autofree char *said = g_strdup_printf ("(The campaign file’s tables are not those of format %u, "
                                               "the format it is marked with)", marks[i]);
      g_autofree char *updated = g_strconcat ("could not be updated to this version’s format and was left as it was ",
                                              said, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(NileCampaign) campaign = NULL;

      g_remove (fixture->path);
      make_closed_campaign (fixture->path, 3);
      tamper (fixture->path, sql);

      assert_open_refused (fixture->path, NILE_ERROR_CORRUPT, updated);
      g_assert_cmpuint (count_backups (fixture->path), ==, 0);
      assert_open_refused (fixture->path, NILE_ERROR_CORRUPT, updated);
      g_assert_cmpuint (count_backups (fixture->path), ==, 0);

      campaign = nile_campaign_open_read_only (fixture->path, &error);
      g_assert_null (campaign);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
      g_assert_nonnull (strstr (error->message, said));
    }
}

/* Formats are numbered from 1. A file marked −1 was read as the newest
 * and the next change rewrote its mark; one marked 0 was taken for a
 * file with no tables, and its update failed in sqlite's words. Both
 * are refused as damaged, left as they were, to open and to read. */
static void
test_bad_file_unknown_format (Fixture       *fixture,
                              gconstpointer  data)
{
  static const int marks[] = { -1, 0 };

  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    {
      g_autofree char *sql = g_strdup_printf ("PRAGMA user_version = %d", marks[i]);
      g_autofree char *said = g_strdup_printf ("is damaged and can’t be opened (its format number, %d, "
                                               "is not one Nile Ledger writes)", marks[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(NileCampaign) campaign = NULL;
      g_autoptr(GBytes) before = NULL;
      g_autoptr(GBytes) after = NULL;

      g_remove (fixture->path);
      make_closed_campaign (fixture->path, 1);
      tamper (fixture->path, sql);

      assert_open_refused (fixture->path, NILE_ERROR_CORRUPT, said);
      g_assert_cmpuint (count_backups (fixture->path), ==, 0);

      before = read_bytes (fixture->path);
      campaign = nile_campaign_open_read_only (fixture->path, &error);
      g_assert_null (campaign);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
      g_assert_nonnull (strstr (error->message, said));
      after = read_bytes (fixture->path);
      g_assert_true (g_bytes_equal (before, after));
    }
}

/* Export and import -------------------------------------------------------------------- */

static void
test_export_import (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *copy_path = g_build_filename (fixture->dir, "copy.nile", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);

    rename_campaign (campaign, "Blue Nile");
    rename_campaign (campaign, "White Nile");
    rename_campaign (campaign, "Atbara \"river\" \\ ünïcode");
    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_no_error (error);
    first = nile_campaign_export_json (campaign, &error);
    g_assert_no_error (error);
    g_assert_nonnull (first);
  }

  {
    g_autoptr(NileCampaign) copy = nile_campaign_import_json (first, copy_path, &error);

    g_assert_no_error (error);
    g_assert_nonnull (copy);
    second = nile_campaign_export_json (copy, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (first, ==, second);

    /* The journal came along, so undo and redo still work. */
    assert_name (copy, "White Nile");
    g_assert_true (nile_campaign_redo (copy, &error));
    g_assert_no_error (error);
    assert_name (copy, "Atbara \"river\" \\ ünïcode");
    g_assert_true (nile_campaign_undo (copy, &error));
    g_assert_true (nile_campaign_undo (copy, &error));
    g_assert_no_error (error);
    assert_name (copy, "Blue Nile");
    g_assert_true (nile_campaign_check (copy, &error));
    g_assert_no_error (error);
  }

  /* Importing never replaces a file. */
  g_assert_null (nile_campaign_import_json (first, copy_path, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_clear_error (&error);
}

/* The journal's "undone" column of an export, by sequence. */
static GHashTable *
exported_undone (const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  GHashTable *undone = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GError) error = NULL;
  JsonArray *tables;

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  tables = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "tables");
  for (guint i = 0; i < json_array_get_length (tables); i++)
    {
      JsonObject *table = json_array_get_object_element (tables, i);
      JsonArray *columns = json_object_get_array_member (table, "columns");
      JsonArray *rows = json_object_get_array_member (table, "rows");
      guint seq_column = G_MAXUINT, undone_column = G_MAXUINT;

      if (!g_str_equal (json_object_get_string_member (table, "name"), "journal"))
        continue;
      for (guint c = 0; c < json_array_get_length (columns); c++)
        {
          if (g_str_equal (json_array_get_string_element (columns, c), "seq"))
            seq_column = c;
          else if (g_str_equal (json_array_get_string_element (columns, c), "undone"))
            undone_column = c;
        }
      g_assert_cmpuint (undone_column, <, json_array_get_length (columns));
      for (guint r = 0; r < json_array_get_length (rows); r++)
        {
          JsonArray *row = json_array_get_array_element (rows, r);

          g_hash_table_insert (undone, GSIZE_TO_POINTER (json_array_get_int_element (row, seq_column)),
                               GINT_TO_POINTER (json_array_get_int_element (row, undone_column)));
        }
    }

  return undone;
}

/* Asserts that the log shows exactly @expected (one "u" per undone
 * line, "-" for the others, oldest first) and that @json exports the
 * same. */
static void
assert_undone (NileCampaign *campaign,
               const char   *json,
               const char   *expected)
{
  g_autoptr(GHashTable) exported = exported_undone (json);
  g_autoptr(GString) shown = g_string_new (NULL);
  GListModel *log = nile_campaign_get_log (campaign);

  g_assert_cmpuint (g_hash_table_size (exported), ==, g_list_model_get_n_items (log));
  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(NileLogEntry) entry = g_list_model_get_item (log, i);
      gpointer sequence = GSIZE_TO_POINTER (nile_log_entry_get_sequence (entry));

      g_string_append_c (shown, nile_log_entry_get_undone (entry) ? 'u' : '-');
      g_assert_cmpint (GPOINTER_TO_INT (g_hash_table_lookup (exported, sequence)), ==,
                       nile_log_entry_get_undone (entry));
    }
  g_assert_cmpstr (shown->str, ==, expected);
}

/* Undo and redo write no flag on the line they act on: the log and the
 * export read it from the stack, the same before and after an import,
 * and for a change undone and then discarded. */
static void
test_export_undone_from_stack (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *copy_path = g_build_filename (fixture->dir, "copy.nile", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);

    rename_campaign (campaign, "Blue Nile");
    rename_campaign (campaign, "White Nile");
    rename_campaign (campaign, "Atbara");
    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_true (nile_campaign_redo (campaign, &error));
    g_assert_no_error (error);
    first = nile_campaign_export_json (campaign, &error);
    g_assert_no_error (error);
    /* Three changes, the last undone; two undos and a redo. */
    assert_undone (campaign, first, "--u---");
  }

  {
    g_autoptr(NileCampaign) copy = nile_campaign_import_json (first, copy_path, &error);

    g_assert_no_error (error);
    second = nile_campaign_export_json (copy, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (first, ==, second);
    assert_undone (copy, second, "--u---");

    /* A new change discards the undone one, which stays undone. */
    rename_campaign (copy, "Sobat");
    g_clear_pointer (&second, g_free);
    second = nile_campaign_export_json (copy, &error);
    g_assert_no_error (error);
    assert_undone (copy, second, "--u----");
    g_assert_true (nile_campaign_undo (copy, &error));
    g_assert_no_error (error);
    g_clear_pointer (&second, g_free);
    second = nile_campaign_export_json (copy, &error);
    g_assert_no_error (error);
    assert_undone (copy, second, "--u---u-");
  }

  {
    g_autoptr(NileCampaign) copy = nile_campaign_open (copy_path, &error);
    g_autofree char *reopened = NULL;

    g_assert_no_error (error);
    reopened = nile_campaign_export_json (copy, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (reopened, ==, second);
    assert_undone (copy, reopened, "--u---u-");
  }
}

/* Every table of the campaign book survives the round trip, and the
 * copy can still undo the whole script. */
static void
test_export_import_book (Fixture       *fixture,
                         gconstpointer  data)
{
  const Script *script = data != NULL ? data : &ah_script;
  g_autofree char *copy_path = g_build_filename (fixture->dir, "copy.nile", NULL);
  g_autoptr(NileCampaign) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  if (nile_operation_lookup ("add-player") == NULL)
    {
      g_test_skip ("Needs the campaign book operations");
      return;
    }

  {
    g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);

    for (guint i = 0; i < script->n_lines; i++)
      play (campaign, script->lines[i]);
    first = nile_campaign_export_json (campaign, &error);
    g_assert_no_error (error);
  }

  copy = nile_campaign_import_json (first, copy_path, &error);
  g_assert_no_error (error);
  second = nile_campaign_export_json (copy, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first, ==, second);
  /* The DG script leaves a defeat and a named bonus item to carry across. */
  if (script == &dg_script)
    {
      g_assert_cmpint (query_int (copy, "SELECT count(*) FROM natives_defeated"), ==, 1);
      g_assert_cmpint (query_int (copy, "SELECT count(*) FROM bonus_item WHERE item = 'plant'"
                                        " AND vp_entry_id IS NOT NULL"), ==, 1);
      g_assert_cmpint (query_int (copy, "SELECT count(*) FROM bonus_name WHERE name = 'Vanda orchid'"
                                        " AND vp_entry_id IS NOT NULL"), ==, 1);
    }

  for (guint i = 0; i < script->n_lines; i++)
    {
      g_assert_true (nile_campaign_undo (copy, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (query_int (copy, "SELECT count(*) FROM player"), ==, 0);
  g_assert_true (nile_campaign_check (copy, &error));
  g_assert_no_error (error);
}

/* Takes column @name out of an exported @table, as an export written
 * before the column existed would be. */
static void
drop_exported_column (JsonObject *table,
                      const char *name)
{
  JsonArray *columns = json_object_get_array_member (table, "columns");
  JsonArray *rows = json_object_get_array_member (table, "rows");

  for (guint i = 0; i < json_array_get_length (columns); i++)
    if (g_str_equal (json_array_get_string_element (columns, i), name))
      {
        json_array_remove_element (columns, i);
        for (guint r = 0; r < json_array_get_length (rows); r++)
          json_array_remove_element (json_array_get_array_element (rows, r), i);
        return;
      }

  g_assert_not_reached ();
}

/* An export written at format 2 (meta and journal only) comes in at
 * the current format, with its rows and its undo history. */
static void
test_import_older_format (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *old_path = g_build_filename (fixture->dir, "old.nile", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(NileCampaign) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *old_json = NULL;
  JsonObject *root;
  JsonArray *tables;

  {
    g_autoptr(NileCampaign) campaign = create_campaign (old_path);

    rename_campaign (campaign, "Lualaba");
    rename_campaign (campaign, "Congo");
    json = nile_campaign_export_json (campaign, &error);
    g_assert_no_error (error);
  }

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  json_object_set_int_member (root, "format", 2);
  tables = json_object_get_array_member (root, "tables");
  for (guint i = json_array_get_length (tables); i > 0; i--)
    {
      const char *name = json_object_get_string_member (json_array_get_object_element (tables, i - 1), "name");

      if (!g_str_equal (name, "meta") && !g_str_equal (name, "journal"))
        json_array_remove_element (tables, i - 1);
      else if (g_str_equal (name, "journal"))
        {
          /* Format 7 added these. */
          drop_exported_column (json_array_get_object_element (tables, i - 1), "below");
          drop_exported_column (json_array_get_object_element (tables, i - 1), "player_id");
        }
    }
  json_generator_set_root (generator, json_parser_get_root (parser));
  old_json = json_generator_to_data (generator, NULL);

  copy = nile_campaign_import_json (old_json, fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (query_int (copy, "PRAGMA user_version"), ==, nile_campaign_get_format_version ());
  assert_name (copy, "Congo");
  g_assert_true (nile_campaign_undo (copy, &error));
  g_assert_no_error (error);
  assert_name (copy, "Lualaba");
  g_assert_true (nile_campaign_check (copy, &error));
  g_assert_no_error (error);
}

/* @export's table @name, which must be there. */
static JsonObject *
export_table (JsonNode   *export,
              const char *name,
              guint      *index)
{
  JsonArray *tables = json_object_get_array_member (json_node_get_object (export), "tables");

  for (guint i = 0; i < json_array_get_length (tables); i++)
    {
      JsonObject *table = json_array_get_object_element (tables, i);

      if (g_str_equal (json_object_get_string_member (table, "name"), name))
        {
          if (index != NULL)
            *index = i;
          return table;
        }
    }

  g_error ("the export has no table %s", name);
}

static guint
export_column (JsonObject *table,
               const char *name)
{
  JsonArray *columns = json_object_get_array_member (table, "columns");

  for (guint i = 0; i < json_array_get_length (columns); i++)
    if (g_str_equal (json_array_get_string_element (columns, i), name))
      return i;

  g_error ("the table has no column %s", name);
}

/* The first row's @column of @table in @export. */
static JsonNode *
export_value (JsonNode   *export,
              const char *table_name,
              const char *column)
{
  JsonObject *table = export_table (export, table_name, NULL);
  JsonArray *rows = json_object_get_array_member (table, "rows");

  return json_array_get_element (json_array_get_array_element (rows, 0), export_column (table, column));
}

typedef enum {
  NO_GAME_TABLE,
  NO_MONEY_COLUMN,
  BEARERS_IN_WORDS,
  HALF_A_BEARER,
  BROKEN_CHANGE,
  CHANGE_OF_THE_JOURNAL,
  NARROW_CHANGE,
  CHANGE_OUT_OF_RANGE,
  NAMELESS_EXPLORER,
  SHORT_ROW,
  UNKNOWN_COLUMN,
  TURN_NEAR_AN_INT,
  MONEY_PAST_AN_INT,
  BEARERS_PAST_THE_LIMIT,
  PLAYER_NUMBERED_BELOW_ONE,
  TIME_IN_WORDS,
  CHANGE_NOT_BASE64,
} ExportFault;

/* Exports that look right but are not, each as the window's or the
 * command line's import would meet it: refused, saying what is wrong,
 * with nothing left behind. Before, each was imported, and the damage
 * showed later (a campaign with no game, money gone, "fifteen" bearers,
 * an Undo that does nothing). */
static void
test_import_subtly_wrong (Fixture       *fixture,
                          gconstpointer  data)
{
  static const struct {
    ExportFault  fault;
    const char  *said;
  } cases[] = {
    { NO_GAME_TABLE, "its “game” table is missing" },
    { NO_MONEY_COLUMN, "its “explorer” table lacks the “money” column" },
    { BEARERS_IN_WORDS, "in “expedition”, row 1, “bearers” must be a whole number, not \"fifteen\"" },
    { HALF_A_BEARER, "in “expedition”, row 1, “bearers” must be a whole number, not 14.5" },
    { BROKEN_CHANGE, "can’t be undone or redone: it can’t be read" },
    { CHANGE_OF_THE_JOURNAL, "can’t be undone or redone: it changes “journal”, which is not a table of the campaign" },
    /* Undo asks for every column of the table: a narrower change passed
     * the import and was refused by the first undo. */
    { NARROW_CHANGE, "can’t be undone or redone: it gives “player” 2 columns, where it has" },
    /* A number in a change is held to its column's range as the tables'
     * are: redo would have written it. */
    { CHANGE_OUT_OF_RANGE, "can’t be undone or redone: it would write into “player” a number no change may: "
                           "The position in the turn order must be from 1 to 1,000,000, not 2,000,000" },
    { NAMELESS_EXPLORER, "in “explorer”, row 1, “name” must have a value" },
    { SHORT_ROW, "in “player”, row 1 has 1 value where the table has" },
    { UNKNOWN_COLUMN, "its “explorer” table has no “chief” column" },
    /* Numbers no operation writes: the turn showed as −2,147,483,648
     * three turns later, the money as a warning on every read. */
    { TURN_NEAR_AN_INT,
      "in “game”, row 1, “turn” is refused: The turn must be from 1 to 1,000,000, not 2,147,483,647" },
    { MONEY_PAST_AN_INT,
      "in “explorer”, row 1, “money” is refused: The money must be from 0 to 2,147,483,647, "
      "not 9,223,372,036,854,775,807" },
    { BEARERS_PAST_THE_LIMIT,
      "in “expedition”, row 1, “bearers” is refused: Healthy bearers must be from 0 to 10,000, not 10,001" },
    /* Renumbered everywhere, so every reference finds him: read back,
     * he was a GLib-GObject warning. */
    { PLAYER_NUMBERED_BELOW_ONE, "in “player”, row 1, “id” is refused: A row’s number must be at least 1, not −5" },
    /* A time the log can't read, and bytes that decode to none: the log
     * showed "(null)", and undo said it undid what it never touched. */
    { TIME_IN_WORDS, "in “journal”, row 1, “time” must be a date and time" },
    { CHANGE_NOT_BASE64, "in “journal”, row 1, “changeset” must be bytes written as base64, not {\"base64\":\"!!!!\"}" },
  };
  g_autofree char *source = g_strconcat (fixture->path, ".source.nile", NULL);
  g_autofree char *json = NULL;
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(NileCampaign) campaign = create_campaign (source);

    play (campaign, "add-player|name=Anna");
    play (campaign, "new-explorer|player=Anna|name=Stanley|specialty=journalist|port=Zanzibar");
    play (campaign, "set-makeup|player=Anna|bearers=15");
    json = nile_campaign_export_json (campaign, &error);
    g_assert_no_error (error);
  }

  /* Untouched, it imports. */
  {
    g_autoptr(NileCampaign) copy = nile_campaign_import_json (json, fixture->path, &error);

    g_assert_no_error (error);
    g_assert_nonnull (copy);
    /* References were checked at the end of the import, and sqlite
     * checks them again for every change from now on. */
    g_assert_cmpint (query_int (copy, "PRAGMA foreign_keys"), ==, 1);
  }
  remove_campaign_files (fixture->path);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autoptr(NileCampaign) campaign = NULL;
      g_autofree char *wrong = NULL;
      JsonNode *export;

      g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
      export = json_parser_get_root (parser);

      switch (cases[i].fault)
        {
        case NO_GAME_TABLE:
          {
            guint index;

            export_table (export, "game", &index);
            json_array_remove_element (json_object_get_array_member (json_node_get_object (export), "tables"),
                                       index);
          }
          break;

        case NO_MONEY_COLUMN:
          {
            JsonObject *table = export_table (export, "explorer", NULL);
            JsonArray *rows = json_object_get_array_member (table, "rows");
            guint column = export_column (table, "money");

            json_array_remove_element (json_object_get_array_member (table, "columns"), column);
            for (guint r = 0; r < json_array_get_length (rows); r++)
              json_array_remove_element (json_array_get_array_element (rows, r), column);
          }
          break;

        case BEARERS_IN_WORDS:
          json_node_set_string (export_value (export, "expedition", "bearers"), "fifteen");
          break;

        case HALF_A_BEARER:
          json_node_set_double (export_value (export, "expedition", "bearers"), 14.5);
          break;

        case BROKEN_CHANGE:
        case CHANGE_OF_THE_JOURNAL:
        case NARROW_CHANGE:
        case CHANGE_OUT_OF_RANGE:
          {
            /* The first line's change, as bytes that are none, or as a
             * change of the journal itself, which undo never makes. */
            JsonNode *change = export_value (export, "journal", "changeset");
            g_autofree char *base64 = NULL;

            if (cases[i].fault == BROKEN_CHANGE)
              base64 = g_base64_encode ((const guchar *) "\x12\x05garbage", 10);
            else if (cases[i].fault == NARROW_CHANGE)
              {
                static const guchar player_change[] = {
                  'T', 2, 1, 0, 'p', 'l', 'a', 'y', 'e', 'r', 0,
                  SQLITE_INSERT, 0, 1, 0, 0, 0, 0, 0, 0, 0, 9, 5,
                };

                base64 = g_base64_encode (player_change, sizeof player_change);
              }
            else if (cases[i].fault == CHANGE_OUT_OF_RANGE)
              {
                /* A player 9, "Zoey", with no colour, 2,000,000th in
                 * the turn order. */
                static const guchar player_change[] = {
                  'T', 4, 1, 0, 0, 0, 'p', 'l', 'a', 'y', 'e', 'r', 0,
                  SQLITE_INSERT, 0,
                  SQLITE_INTEGER, 0, 0, 0, 0, 0, 0, 0, 9,
                  SQLITE_TEXT, 4, 'Z', 'o', 'e', 'y',
                  SQLITE_NULL,
                  SQLITE_INTEGER, 0, 0, 0, 0, 0, 0x1e, 0x84, 0x80,
                };

                base64 = g_base64_encode (player_change, sizeof player_change);
              }
            else
              {
                static const guchar journal_change[] = {
                  'T', 2, 1, 0, 'j', 'o', 'u', 'r', 'n', 'a', 'l', 0,
                  SQLITE_INSERT, 0, 1, 0, 0, 0, 0, 0, 0, 0, 7, 5,
                };

                base64 = g_base64_encode (journal_change, sizeof journal_change);
              }
            g_assert_true (JSON_NODE_HOLDS_OBJECT (change));
            json_object_set_string_member (json_node_get_object (change), "base64", base64);
          }
          break;

        case NAMELESS_EXPLORER:
          json_node_init_null (export_value (export, "explorer", "name"));
          break;

        case SHORT_ROW:
          {
            JsonArray *row = json_array_get_array_element (
              json_object_get_array_member (export_table (export, "player", NULL), "rows"), 0);

            while (json_array_get_length (row) > 1)
              json_array_remove_element (row, json_array_get_length (row) - 1);
          }
          break;

        case UNKNOWN_COLUMN:
          {
            JsonObject *table = export_table (export, "explorer", NULL);
            JsonArray *rows = json_object_get_array_member (table, "rows");

            json_array_add_string_element (json_object_get_array_member (table, "columns"), "chief");
            for (guint r = 0; r < json_array_get_length (rows); r++)
              json_array_add_int_element (json_array_get_array_element (rows, r), 1);
          }
          break;

        case TURN_NEAR_AN_INT:
          json_node_set_int (export_value (export, "game", "turn"), G_MAXINT);
          break;

        case MONEY_PAST_AN_INT:
          json_node_set_int (export_value (export, "explorer", "money"), G_MAXINT64);
          break;

        case BEARERS_PAST_THE_LIMIT:
          json_node_set_int (export_value (export, "expedition", "bearers"), 10001);
          break;

        case PLAYER_NUMBERED_BELOW_ONE:
          {
            JsonArray *tables = json_object_get_array_member (json_node_get_object (export), "tables");

            for (guint t = 0; t < json_array_get_length (tables); t++)
              {
                JsonObject *table = json_array_get_object_element (tables, t);
                gboolean players = g_str_equal (json_object_get_string_member (table, "name"), "player");
                JsonArray *columns = json_object_get_array_member (table, "columns");
                JsonArray *rows = json_object_get_array_member (table, "rows");

                for (guint c = 0; c < json_array_get_length (columns); c++)
                  {
                    const char *column = json_array_get_string_element (columns, c);

                    if (!g_str_equal (column, "player_id") && !g_str_equal (column, "current_player") &&
                        !(players && g_str_equal (column, "id")))
                      continue;
                    for (guint r = 0; r < json_array_get_length (rows); r++)
                      {
                        JsonNode *value = json_array_get_element (json_array_get_array_element (rows, r), c);

                        if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_int (value) == 1)
                          json_node_set_int (value, -5);
                      }
                  }
              }
          }
          break;

        case TIME_IN_WORDS:
          json_node_set_string (export_value (export, "journal", "time"), "yesterday");
          break;

        case CHANGE_NOT_BASE64:
          json_object_set_string_member (json_node_get_object (export_value (export, "journal", "changeset")),
                                         "base64", "!!!!");
          break;

        default:
          g_assert_not_reached ();
        }

      json_generator_set_root (generator, export);
      wrong = json_generator_to_data (generator, NULL);
      campaign = nile_campaign_import_json (wrong, fixture->path, &error);
      g_assert_null (campaign);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      g_test_message ("refused: %s", error->message);
      if (strstr (error->message, cases[i].said) == NULL)
        g_error ("“%s” does not say “%s”", error->message, cases[i].said);
      g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
      assert_no_litter (fixture->path);
      g_clear_error (&error);
    }

  /* The limits themselves are numbers a campaign may hold. */
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autoptr(JsonGenerator) generator = json_generator_new ();
    g_autoptr(NileCampaign) campaign = NULL;
    g_autofree char *at_limits = NULL;
    JsonNode *export;

    g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
    export = json_parser_get_root (parser);
    json_node_set_int (export_value (export, "game", "turn"), 1000000);
    json_node_set_int (export_value (export, "explorer", "money"), G_MAXINT);
    json_node_set_int (export_value (export, "expedition", "bearers"), 10000);
    json_generator_set_root (generator, export);
    at_limits = json_generator_to_data (generator, NULL);

    campaign = nile_campaign_import_json (at_limits, fixture->path, &error);
    g_assert_no_error (error);
    g_assert_true (nile_campaign_check (campaign, &error));
    g_assert_no_error (error);
  }
  remove_campaign_files (fixture->path);

  remove_campaign_files (source);
}

static void
test_import_refused (Fixture       *fixture,
                     gconstpointer  data)
{
  static const struct {
    const char *json;
    NileError   code;
    const char *said;
  } cases[] = {
    { "", NILE_ERROR_INVALID_INPUT },
    { "{ not json", NILE_ERROR_INVALID_INPUT },
    { "[1, 2, 3]", NILE_ERROR_INVALID_INPUT },
    { "{\"application\": \"spreadsheet\", \"format\": 1, \"tables\": []}", NILE_ERROR_INVALID_INPUT },
    { "{\"application\": \"nile-ledger\", \"format\": 99, \"tables\": []}", NILE_ERROR_NEWER_FORMAT },
    { "{\"application\": \"nile-ledger\", \"format\": 0, \"tables\": []}", NILE_ERROR_INVALID_INPUT },
    /* No version wrote a format past 32 bits: said whole, not cut to 15. */
    { "{\"application\": \"nile-ledger\", \"format\": 1099511627791, \"tables\": []}", NILE_ERROR_INVALID_INPUT,
      "its format, 1,099,511,627,791, is not one Nile Ledger writes" },
    { "{\"application\": \"nile-ledger\", \"format\": 2}", NILE_ERROR_INVALID_INPUT },
    { "{\"application\": \"nile-ledger\", \"format\": 2, \"tables\": ["
      "{\"name\": \"treasure\", \"columns\": [\"x\"], \"rows\": []}]}", NILE_ERROR_INVALID_INPUT },
    { "{\"application\": \"nile-ledger\", \"format\": 2, \"tables\": ["
      "{\"name\": \"meta\", \"columns\": [\"key\", \"colour\"], \"rows\": []}]}", NILE_ERROR_INVALID_INPUT },
    { "{\"application\": \"nile-ledger\", \"format\": 2, \"tables\": ["
      "{\"name\": \"meta\", \"columns\": [\"key\", \"value\"], \"rows\": [[\"name\"]]}]}", NILE_ERROR_INVALID_INPUT },
    { "{\"application\": \"nile-ledger\", \"format\": 2, \"tables\": ["
      "{\"name\": \"meta\", \"columns\": [\"key\", \"value\"], \"rows\": [[\"name\", [1]]]}]}", NILE_ERROR_INVALID_INPUT },
    { "{\"application\": \"nile-ledger\", \"format\": 2, \"tables\": ["
      "{\"name\": \"meta\", \"columns\": [\"key\", \"value\"], \"rows\": [[\"name\", null]]}]}", NILE_ERROR_INVALID_INPUT },
    { "{\"application\": \"nile-ledger\", \"format\": 2, \"tables\": ["
      "{\"name\": \"journal\", \"columns\": [\"seq\", \"time\", \"operation\", \"params\", \"summary\", \"kind\", \"target\"],"
      " \"rows\": [[1, \"t\", \"undo\", \"{}\", \"Undid\", \"undo\", 7]]}]}", NILE_ERROR_INVALID_INPUT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(NileCampaign) campaign = nile_campaign_import_json (cases[i].json, fixture->path, &error);

      g_assert_null (campaign);
      g_assert_error (error, NILE_ERROR, (gint) cases[i].code);
      g_test_message ("case %u refused: %s", i, error->message);
      if (cases[i].said != NULL && strstr (error->message, cases[i].said) == NULL)
        g_error ("“%s” does not say “%s”", error->message, cases[i].said);
      /* Nothing is left behind by a refused import. */
      g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
      assert_no_litter (fixture->path);
    }
}

/* Log model -------------------------------------------------------------------------- */

typedef struct {
  guint position;
  guint removed;
  guint added;
  guint n_signals;
} ItemsChanged;

static void
on_items_changed (GListModel   *model,
                  guint         position,
                  guint         removed,
                  guint         added,
                  ItemsChanged *change)
{
  change->position = position;
  change->removed = removed;
  change->added = added;
  change->n_signals++;
}

static void
count_undone_notify (NileLogEntry *entry,
                     GParamSpec   *pspec,
                     guint        *count)
{
  (*count)++;
}

static void
test_log_model (Fixture       *fixture,
                gconstpointer  data)
{
  const guint n_renames = 3 * NILE_LOG_MODEL_PAGE_SIZE + 5;
  g_autoptr(GError) error = NULL;
  ItemsChanged change = { 0 };

  {
    g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);

    for (guint i = 0; i < n_renames; i++)
      {
        g_autofree char *name = g_strdup_printf ("Stage %u", i + 1);

        rename_campaign (campaign, name);
      }
  }

  {
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);
    GListModel *log = nile_campaign_get_log (campaign);
    NileLogModel *model = NILE_LOG_MODEL (log);
    g_autoptr(NileLogEntry) entry = NULL;
    g_autoptr(NileLogEntry) last = NULL;
    g_autoptr(NileLogEntry) undo_line = NULL;
    guint undone_notifies = 0;

    g_assert_true (log == nile_campaign_get_log (campaign));
    g_assert_true (g_list_model_get_item_type (log) == NILE_TYPE_LOG_ENTRY);
    g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_renames);
    /* Nothing is read before a view asks. */
    g_assert_cmpuint (nile_log_model_get_n_loaded (model), ==, 0);

    entry = g_list_model_get_item (log, 2 * NILE_LOG_MODEL_PAGE_SIZE + 3);
    g_assert_cmpuint (nile_log_model_get_n_loaded (model), ==, NILE_LOG_MODEL_PAGE_SIZE);
    g_assert_cmpint (nile_log_entry_get_sequence (entry), ==, 2 * NILE_LOG_MODEL_PAGE_SIZE + 4);
    g_assert_cmpstr (nile_log_entry_get_summary (entry), ==, "Renamed the campaign to “Stage 260”");
    g_clear_object (&entry);

    /* The same page again reads nothing more. */
    entry = g_list_model_get_item (log, 2 * NILE_LOG_MODEL_PAGE_SIZE);
    g_assert_cmpuint (nile_log_model_get_n_loaded (model), ==, NILE_LOG_MODEL_PAGE_SIZE);
    g_clear_object (&entry);
    g_assert_null (g_list_model_get_item (log, n_renames));

    last = g_list_model_get_item (log, n_renames - 1);
    g_assert_cmpuint (nile_log_model_get_n_loaded (model), ==, NILE_LOG_MODEL_PAGE_SIZE + 5);
    g_assert_false (nile_log_entry_get_undone (last));
    g_signal_connect (last, "notify::undone", G_CALLBACK (count_undone_notify), &undone_notifies);

    g_signal_connect (log, "items-changed", G_CALLBACK (on_items_changed), &change);

    rename_campaign (campaign, "Gondokoro");
    g_assert_cmpuint (change.n_signals, ==, 1);
    g_assert_cmpuint (change.position, ==, n_renames);
    g_assert_cmpuint (change.removed, ==, 0);
    g_assert_cmpuint (change.added, ==, 1);
    g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_renames + 1);

    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_true (nile_campaign_undo (campaign, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (change.n_signals, ==, 3);
    g_assert_cmpuint (change.position, ==, n_renames + 2);
    g_assert_cmpuint (g_list_model_get_n_items (log), ==, n_renames + 3);

    /* The entry already read learnt that it is undone. */
    g_assert_true (nile_log_entry_get_undone (last));
    g_assert_cmpuint (undone_notifies, ==, 1);

    undo_line = g_list_model_get_item (log, n_renames + 2);
    g_assert_cmpint (nile_log_entry_get_kind (undo_line), ==, NILE_LOG_KIND_UNDO);
    g_assert_cmpint (nile_log_entry_get_target (undo_line), ==, nile_log_entry_get_sequence (last));
    g_assert_cmpstr (nile_log_entry_get_operation (undo_line), ==, "undo");
    g_assert_cmpstr (nile_log_entry_get_summary (undo_line), ==,
                     "Undid: Renamed the campaign to “Stage 389”");
  }
}

/* A journal numbered with gaps (edited by hand) still lists in order. */
static void
test_log_model_gaps (Fixture       *fixture,
                     gconstpointer  data)
{
  {
    g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);

    for (guint i = 0; i < NILE_LOG_MODEL_PAGE_SIZE + 10; i++)
      {
        g_autofree char *name = g_strdup_printf ("Stage %u", i + 1);

        rename_campaign (campaign, name);
      }
    g_assert_cmpint (sqlite3_exec (_nile_campaign_get_db (campaign),
                                   "DELETE FROM journal WHERE seq IN (3, 4, 50)", NULL, NULL, NULL), ==, SQLITE_OK);
  }

  {
    g_autoptr(NileCampaign) campaign = open_campaign (fixture->path);
    GListModel *log = nile_campaign_get_log (campaign);
    g_autoptr(NileLogEntry) third = NULL;
    g_autoptr(NileLogEntry) last = NULL;
    guint n = g_list_model_get_n_items (log);

    g_assert_cmpuint (n, ==, NILE_LOG_MODEL_PAGE_SIZE + 7);
    third = g_list_model_get_item (log, 2);
    g_assert_cmpint (nile_log_entry_get_sequence (third), ==, 5);
    last = g_list_model_get_item (log, n - 1);
    g_assert_cmpint (nile_log_entry_get_sequence (last), ==, NILE_LOG_MODEL_PAGE_SIZE + 10);
  }
}

/* The window and the command line may have the same file open: each
 * catches up with what the other committed before it writes. */
static void
test_two_programs (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(NileCampaign) window = create_campaign (fixture->path);
  g_autoptr(NileCampaign) script = open_campaign (fixture->path);
  g_autoptr(GError) error = NULL;
  GListModel *log = nile_campaign_get_log (window);
  ItemsChanged change = { 0 };

  g_signal_connect (log, "items-changed", G_CALLBACK (on_items_changed), &change);

  rename_campaign (window, "Tanganyika");
  g_assert_true (nile_campaign_undo (window, &error));
  g_assert_no_error (error);
  g_assert_true (nile_campaign_get_can_redo (window));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 2);

  /* The script never saw the undo, yet its change discards the redo. */
  g_assert_false (nile_campaign_get_can_redo (script));
  rename_campaign (script, "Victoria");
  g_assert_false (nile_campaign_get_can_redo (script));
  g_assert_cmpint (query_int (script, "SELECT discarded FROM journal WHERE seq = 1"), ==, 1);

  /* The window still thinks it can redo; it learns otherwise when it
   * tries, and its log is read again with the script's line in it. */
  g_assert_false (nile_campaign_redo (window, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOTHING_TO_UNDO);
  g_clear_error (&error);
  g_assert_false (nile_campaign_get_can_redo (window));
  g_assert_true (nile_campaign_get_can_undo (window));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 3);
  g_assert_cmpuint (change.position, ==, 0);
  g_assert_cmpuint (change.added, ==, 3);

  g_assert_true (nile_campaign_undo (window, &error));
  g_assert_no_error (error);
  assert_name (window, "campaign");
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 4);
}

/* Pages of the write-ahead log, by the size of its file: a 32-byte
 * header, then a 24-byte header before each page. */
static gint64
wal_frames (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  GStatBuf st;

  if (g_stat (wal, &st) != 0 || st.st_size < 32)
    return 0;
  return (st.st_size - 32) / (24 + 4096);
}

/* Commits never stop to fold the write-ahead log into the file: the main
 * loop does it when idle, and the log starts over after. */
static void
test_checkpoint_on_idle (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(NileCampaign) campaign = create_campaign (fixture->path);
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_assert_cmpint (query_int (campaign, "PRAGMA page_size"), ==, 4096);

  /* Three pages or more a commit: the meta row, the journal, its index. */
  for (int i = 0; i < 700; i++)
    {
      g_autofree char *name = g_strdup_printf ("Campaign %d", i);

      rename_campaign (campaign, name);
    }
  g_assert_cmpint (wal_frames (fixture->path), >=, 1500);

  while (g_main_context_iteration (NULL, FALSE))
    ;
  rename_campaign (campaign, "Rovuma");

  /* Everything was folded, so the last commit wrote at the log's start. */
  g_assert_cmpint (sqlite3_prepare_v2 (_nile_campaign_get_db (campaign), "PRAGMA wal_checkpoint (PASSIVE)",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 0);
  g_assert_cmpint (sqlite3_column_int (stmt, 1), >, 0);
  g_assert_cmpint (sqlite3_column_int (stmt, 1), <=, 10);
  assert_query_text (campaign, "SELECT value FROM meta WHERE key = 'name'", "Rovuma");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add ("/campaign-store/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("create-and-reopen", test_create_and_reopen);
  ADD ("schema", test_schema);
  ADD ("undo-redo", test_undo_redo);
  ADD ("apply-all", test_apply_all);
  ADD ("apply-all-refused", test_apply_all_refused);
  ADD ("redo-tail-dropped", test_redo_tail_dropped);
  ADD ("created-with-settings", test_created_with_settings);
  ADD ("through-links", test_through_links);
  ADD ("undo-redo-everything", test_undo_redo_everything);
  g_test_add ("/campaign-store/undo-redo-everything-dg", Fixture, &dg_script, fixture_set_up,
              test_undo_redo_everything, fixture_tear_down);
  ADD ("undo-conflict", test_undo_conflict);
  ADD ("undo-keeps-references", test_undo_keeps_references);
  ADD ("changeset-unique", test_changeset_unique);
  ADD ("changeset-matches-session", test_changeset_matches_session);
  ADD ("two-programs", test_two_programs);
  ADD ("params-validation", test_params_validation);
  g_test_add_func ("/campaign-store/parse-params", test_parse_params);
  g_test_add_func ("/campaign-store/format-checksums", test_format_checksums);
  ADD ("bad-file/foreign-sqlite", test_bad_file_foreign_sqlite);
  ADD ("bad-file/foreign-wal", test_bad_file_foreign_wal);
  ADD ("bad-file/not-sqlite", test_bad_file_not_sqlite);
  ADD ("bad-file/empty", test_bad_file_empty);
  ADD ("bad-file/missing", test_bad_file_missing);
  ADD ("bad-file/truncated", test_bad_file_truncated);
  ADD ("bad-file/corrupt", test_bad_file_corrupt);
  ADD ("bad-file/broken-reference", test_bad_file_broken_reference);
  ADD ("bad-file/broken-rule", test_check_finds_broken_rule);
  ADD ("bad-file/shared-turn-place", test_check_finds_shared_turn_place);
  g_test_add_func ("/campaign-store/check-constraints/parse", test_check_constraints_parse);
  ADD ("bad-file/not-utf8", test_bad_file_not_utf8);
  ADD ("bad-file/newer-format", test_bad_file_newer_format);
  ADD ("bad-file/unknown-format", test_bad_file_unknown_format);
  ADD ("bad-file/missing-table", test_bad_file_missing_table);
  ADD ("bad-file/read-only", test_bad_file_read_only);
  ADD ("bad-file/read-only-folder", test_bad_file_read_only_folder);
  ADD ("bad-file/create-nowhere", test_bad_file_create_nowhere);
  ADD ("bad-file/vanished", test_bad_file_vanished);
  ADD ("read-only/refuses-changes", test_read_only_refuses_changes);
  ADD ("read-only/left-log", test_read_only_left_log);
  ADD ("read-only/older-format", test_read_only_older_format);
  ADD ("read-only/permissions", test_read_only_permissions);
  ADD ("disk-full", test_disk_full);
  ADD ("migrate-v1", test_migrate_v1);
  ADD ("migrate-status-changes", test_migrate_status_changes);
  ADD ("migrate-natives-defeated", test_migrate_natives_defeated);
  ADD ("import-subtly-wrong", test_import_subtly_wrong);
  ADD ("migrate-failure", test_migrate_failure);
  ADD ("export-import", test_export_import);
  ADD ("export-undone-from-stack", test_export_undone_from_stack);
  ADD ("export-import-book", test_export_import_book);
  g_test_add ("/campaign-store/export-import-book-dg", Fixture, &dg_script, fixture_set_up,
              test_export_import_book, fixture_tear_down);
  ADD ("import-older-format", test_import_older_format);
  ADD ("import-refused", test_import_refused);
  ADD ("log-model", test_log_model);
  ADD ("log-model-gaps", test_log_model_gaps);
  ADD ("checkpoint-on-idle", test_checkpoint_on_idle);

#undef ADD

  return g_test_run ();
}
