/* test-log-text.c: the journal's views written as text
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "nile-campaign-book.h"
#include "nile-campaign.h"
#include "nile-log-text.h"
#include "nile-player.h"

typedef struct {
  char         *dir;
  NileCampaign *campaign;
} Fixture;

static void
apply (Fixture    *fixture,
       const char *operation,
       const char *params)
{
  g_autoptr(GError) error = NULL;

  nile_campaign_apply (fixture->campaign, operation, g_variant_new_parsed (params), &error);
  g_assert_no_error (error);
}

/* Two players, each moved once in the turn order; the last move undone. */
static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  fixture->dir = g_dir_make_tmp ("nile-log-text-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (fixture->dir, "campaign.nile", NULL);
  fixture->campaign = nile_campaign_create (path, &error);
  g_assert_no_error (error);

  apply (fixture, "add-player", "{'name': <'Anna'>}");
  apply (fixture, "add-player", "{'name': <'Burton'>}");
  apply (fixture, "reorder-player", "{'player': <'Burton'>, 'position': <int64 1>}");
  apply (fixture, "reorder-player", "{'player': <'Anna'>, 'position': <int64 1>}");
  nile_campaign_undo (fixture->campaign, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_assert_finalize_object (fixture->campaign);
  dir = g_dir_open (fixture->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (fixture->dir, name, NULL);

      g_chmod (child, 0700);
      g_remove (child);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
}

/* The campaign's log for @player (NULL: everyone) and @kind; a name
 * nobody has gives a view of no one's lines. */
static NileLogModel *
view (Fixture           *fixture,
      const char        *player,
      NileLogFilterKind  kind)
{
  g_autoptr(NileCampaignBook) book = nile_campaign_book_new (fixture->campaign);
  GListModel *players = nile_campaign_book_get_players (book);
  g_autoptr(GError) error = NULL;
  NileLogModel *log;
  gint64 id = player != NULL ? G_MAXINT64 : 0;

  for (guint i = 0; player != NULL && i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(NilePlayer) candidate = g_list_model_get_item (players, i);

      if (g_str_equal (nile_player_get_name (candidate), player))
        id = nile_player_get_id (candidate);
    }

  log = nile_campaign_get_log_filtered (fixture->campaign, id, kind, &error);
  g_assert_no_error (error);
  return log;
}

/* The lines nile_log_model_write_text() writes, without their date and time,
 * which depend on the clock and the time zone. */
static char *
write_text (Fixture    *fixture,
            const char        *player,
            NileLogFilterKind  kind)
{
  g_autoptr(NileLogModel) log = view (fixture, player, kind);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) when = g_regex_new (" · [0-9]{1,2} [^ ]+ [0-9]{4} [0-9]{2}:[0-9]{2} · ", 0, 0, NULL);
  g_autofree char *text = NULL;

  g_assert_true (nile_log_model_write_text (log, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
  g_output_stream_close (out, NULL, NULL);
  text = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
  g_assert_true (g_utf8_validate (text, -1, NULL));

  return g_regex_replace_literal (when, text, -1, 0, " | ", 0, NULL);
}

static void
test_filters (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *all = write_text (fixture, NULL, NILE_LOG_FILTER_ALL);
  g_autofree char *changes = write_text (fixture, NULL, NILE_LOG_FILTER_CHANGES);
  g_autofree char *undo_redo = write_text (fixture, NULL, NILE_LOG_FILTER_UNDO_REDO);
  g_autofree char *anna = write_text (fixture, "Anna", NILE_LOG_FILTER_ALL);
  g_autofree char *burton = write_text (fixture, "Burton", NILE_LOG_FILTER_CHANGES);
  g_autofree char *nobody = write_text (fixture, "Cole", NILE_LOG_FILTER_ALL);
  g_auto(GStrv) lines = g_strsplit (all, "\n", -1);
  g_autoptr(NileLogEntry) first = g_list_model_get_item (nile_campaign_get_log (fixture->campaign), 0);
  g_autofree char *when = nile_log_entry_format_time (first);

  /* The day, the month's short name, the year and the minute. */
  g_assert_true (g_regex_match_simple ("^[0-9]{1,2} [^ ]+ [0-9]{4} [0-9]{2}:[0-9]{2}$", when, 0, 0));

  /* Five lines: four changes (the last one undone) and the undo. */
  g_assert_cmpuint (g_strv_length (lines), ==, 6);
  g_assert_cmpstr (lines[5], ==, "");
  g_assert_true (g_str_has_prefix (lines[0], "No. 1 | "));
  g_assert_true (g_str_has_prefix (lines[3], "No. 4 | "));
  g_assert_true (g_str_has_suffix (lines[3], " (undone)"));
  g_assert_false (g_str_has_suffix (lines[2], " (undone)"));
  g_assert_true (g_str_has_prefix (lines[4], "No. 5 | "));

  g_assert_cmpuint (strlen (changes), <, strlen (all));
  g_assert_null (strstr (changes, "No. 5 |"));
  g_assert_true (g_str_has_prefix (undo_redo, "No. 5 | "));
  g_assert_null (strstr (undo_redo, "No. 1 |"));

  /* Only the lines about the player, her arrival too, and the undo of
   * her change. */
  g_assert_true (g_str_has_prefix (anna, "No. 1 | "));
  g_assert_nonnull (strstr (anna, " (undone)\nNo. 5 | "));
  g_assert_null (strstr (anna, "No. 2 |"));
  g_assert_true (g_str_has_prefix (burton, "No. 2 | "));
  g_assert_nonnull (strstr (burton, "\nNo. 3 | "));
  g_assert_null (strstr (burton, "No. 4"));
  g_assert_cmpstr (nobody, ==, "");
}

static void
test_export_file (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "log.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) blocked = NULL;
  g_autoptr(GFile) missing = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *blocked_dir = g_build_filename (fixture->dir, "read-only", NULL);
  g_autofree char *blocked_path = g_build_filename (blocked_dir, "log.txt", NULL);
  g_autoptr(NileLogModel) burton = view (fixture, "Burton", NILE_LOG_FILTER_ALL);
  g_autoptr(NileLogModel) log = view (fixture, NULL, NILE_LOG_FILTER_ALL);
  guint n_lines = 0;

  g_assert_true (nile_log_model_export_text (burton, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  for (const char *c = written; *c != '\0'; c++)
    n_lines += *c == '\n';
  g_assert_cmpuint (n_lines, ==, 2);
  g_assert_true (g_str_has_prefix (written, "No. 2 · "));

  /* A "folder" that is a file: GIO's error, and the earlier file untouched. */
  missing = g_file_get_child (file, "log.txt");
  g_assert_false (nile_log_model_export_text (log, missing, NULL, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == G_IO_ERROR);
  g_clear_error (&error);
  g_free (written);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_true (g_str_has_prefix (written, "No. 2 · "));

  /* A folder the player cannot write to: GIO's error, nothing written. */
  g_assert_cmpint (g_mkdir (blocked_dir, 0500), ==, 0);
  blocked = g_file_new_for_path (blocked_path);
  if (access (blocked_dir, W_OK) == 0)
    {
      g_test_skip ("running with rights to write anywhere");
      return;
    }
  g_assert_false (nile_log_model_export_text (log, blocked, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_false (g_file_test (blocked_path, G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/log-text/filters", Fixture, NULL, fixture_set_up, test_filters, fixture_tear_down);
  g_test_add ("/log-text/export-file", Fixture, NULL, fixture_set_up, test_export_file, fixture_tear_down);

  return g_test_run ();
}
