/* test-crash.c: a campaign survives its program being killed at any moment
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A child process (this program with --crash-child) applies, undoes and
 * redoes changes in a loop and writes the journal sequence number of each
 * one to a pipe once its COMMIT has returned. The parent kills it with
 * SIGKILL at a random moment, then opens the file and checks it.
 *
 * What is provable: a number written to the pipe was committed before it
 * was written, and a write to a pipe outlives its writer, so the journal
 * holds at least the last number read (L). The child starts change L + 2
 * only after reporting L + 1, so at most one change (L + 1) can have
 * committed without its report. Hence L <= max(seq) <= L + 1, the journal
 * is numbered 1 … max(seq) without a gap, and the campaign's state is the
 * one its journal describes.
 */
#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nile-campaign-private.h"
#include "nile-error.h"

#define N_ROUNDS 200
#define CHILD_FLAG "--crash-child"

static gint64
query_int (NileCampaign *campaign,
           const char   *sql)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (_nile_campaign_get_db (campaign), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  return sqlite3_column_int64 (stmt, 0);
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

/* The child ---------------------------------------------------------------- */

static void
report (gint64 sequence)
{
  char line[32];
  int len = g_snprintf (line, sizeof line, "%" G_GINT64_FORMAT "\n", sequence);

  /* One short write() per line: atomic on a pipe, and not buffered. */
  while (write (STDOUT_FILENO, line, len) < 0 && errno == EINTR)
    ;
}

static int
run_child (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = nile_campaign_open (path, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (getpid ());

  if (campaign == NULL)
    {
      g_printerr ("child: %s\n", error->message);
      return 1;
    }

  for (guint64 i = 0; ; i++)
    {
      guint32 roll = g_rand_int_range (rand, 0, 100);
      gboolean ok;

      if (roll < 15 && nile_campaign_get_can_undo (campaign))
        ok = nile_campaign_undo (campaign, &error);
      else if (roll < 30 && nile_campaign_get_can_redo (campaign))
        ok = nile_campaign_redo (campaign, &error);
      else
        {
          g_autofree char *name = g_strdup_printf ("Expedition %d/%" G_GUINT64_FORMAT, (int) getpid (), i);

          ok = nile_campaign_apply (campaign, "rename-campaign",
                                    g_variant_new_parsed ("{'name': <%s>}", name), &error);
        }

      if (!ok)
        {
          g_printerr ("child: %s\n", error->message);
          return 1;
        }

      report (query_int (campaign, "SELECT max(seq) FROM journal"));
    }
}

/* The parent -------------------------------------------------------------- */

/* Reads everything the child wrote until the pipe closes; returns the
 * last number, or @previous if there was none. */
static gint64
read_last_report (int    fd,
                  gint64 previous)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;
  char buffer[4096];
  gssize n;
  gint64 last = previous;

  while ((n = read (fd, buffer, sizeof buffer)) != 0)
    {
      if (n < 0 && errno == EINTR)
        continue;
      g_assert_cmpint (n, >, 0);
      g_string_append_len (text, buffer, n);
    }

  lines = g_strsplit (text->str, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 number;

      if (*lines[i] == '\0')
        continue;
      g_assert_true (g_ascii_string_to_unsigned (lines[i], 10, 1, G_MAXINT64, &number, NULL));
      g_assert_cmpint ((gint64) number, >, last);
      last = (gint64) number;
    }

  return last;
}

static void
wait_for_first_report (int fd)
{
  struct pollfd poll_fd = { .fd = fd, .events = POLLIN };

  /* Long enough for a child slowed down by sanitizers to open the file. */
  g_assert_cmpint (poll (&poll_fd, 1, 20000), ==, 1);
}

/* The name the journal says the campaign should have now: that of the
 * newest change still in force, or the one it was created with. Which
 * changes are undone is read as the log reads it; replaying the undo
 * and redo lines in order must say the same: the last one pointing at a
 * change decides. */
static void
assert_state_matches_journal (NileCampaign *campaign)
{
  g_autofree char *name = query_text (campaign, "SELECT value FROM meta WHERE key = 'name'");
  g_autofree char *in_force = NULL;
  g_autoptr(GArray) stored = g_array_new (FALSE, TRUE, sizeof (int));
  g_autoptr(GArray) replayed = g_array_new (FALSE, TRUE, sizeof (int));
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (_nile_campaign_get_db (campaign),
                                       "SELECT seq, kind, target, " NILE_JOURNAL_UNDONE_SQL ", params "
                                       "FROM journal ORDER BY seq",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  _nile_journal_bind_stack_top (stmt, _nile_campaign_get_stack_top (campaign));
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      guint seq = sqlite3_column_int (stmt, 0);
      const char *kind = (const char *) sqlite3_column_text (stmt, 1);
      guint target = sqlite3_column_int (stmt, 2);

      g_array_set_size (stored, seq + 1);
      g_array_set_size (replayed, seq + 1);
      if (g_str_equal (kind, "do"))
        {
          g_array_index (stored, int, seq) = sqlite3_column_int (stmt, 3);
          if (!sqlite3_column_int (stmt, 3))
            {
              g_free (in_force);
              in_force = g_strdup ((const char *) sqlite3_column_text (stmt, 4));
            }
        }
      else
        {
          g_assert_cmpuint (target, >, 0);
          g_assert_cmpuint (target, <, seq);
          g_array_index (replayed, int, target) = g_str_equal (kind, "undo");
        }
    }

  for (guint i = 0; i < stored->len; i++)
    g_assert_cmpint (g_array_index (stored, int, i), ==, g_array_index (replayed, int, i));

  if (in_force == NULL)
    g_assert_cmpstr (name, ==, "crash");
  else
    {
      g_autoptr(GVariant) dict = g_variant_parse (G_VARIANT_TYPE_VARDICT, in_force, NULL, NULL, NULL);
      const char *expected = NULL;

      g_assert_nonnull (dict);
      g_assert_true (g_variant_lookup (dict, "name", "&s", &expected));
      g_assert_cmpstr (name, ==, expected);
    }
}

static void
test_crash_sigkill (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-crash-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", &error);
  gint64 committed = 0;
  guint n_lost_reports = 0;
  guint n_blind = 0;

  g_assert_no_error (error);
  path = g_build_filename (dir, "crash.nile", NULL);

  {
    g_autoptr(NileCampaign) campaign = nile_campaign_create (path, &error);

    g_assert_no_error (error);
    g_assert_nonnull (campaign);
  }

  for (guint round = 0; round < N_ROUNDS; round++)
    {
      const char *argv[] = { self_exe, CHILD_FLAG, path, NULL };
      g_autoptr(NileCampaign) campaign = NULL;
      GPid pid;
      int out_fd = -1;
      int status = 0;
      gint64 last_reported;
      gint64 max_seq;

      g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                NULL, NULL, &pid, NULL, &out_fd, NULL, &error);
      g_assert_no_error (error);

      /* Half the rounds kill blindly, perhaps while the file is still
       * being opened; the others once the child is busy changing it. */
      if (g_test_rand_bit ())
        n_blind++;
      else
        wait_for_first_report (out_fd);
      g_usleep (g_test_rand_int_range (0, 15000));

      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_spawn_close_pid (pid);
      /* Exiting on its own would mean the child hit an error. */
      g_assert_true (WIFSIGNALED (status));
      g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);

      last_reported = read_last_report (out_fd, committed);
      close (out_fd);

      campaign = nile_campaign_open (path, &error);
      g_assert_no_error (error);
      g_assert_true (nile_campaign_check (campaign, &error));
      g_assert_no_error (error);

      max_seq = query_int (campaign, "SELECT coalesce (max(seq), 0) FROM journal");
      g_assert_cmpint (max_seq, >=, last_reported);
      g_assert_cmpint (max_seq, <=, last_reported + 1);
      g_assert_cmpint (query_int (campaign, "SELECT count(*) FROM journal"), ==, max_seq);
      assert_state_matches_journal (campaign);

      if (max_seq == last_reported + 1)
        n_lost_reports++;
      committed = max_seq;
    }

  g_test_message ("%u rounds (%u killed blindly), %" G_GINT64_FORMAT " journal lines, "
                  "%u changes committed without their report",
                  N_ROUNDS, n_blind, committed, n_lost_reports);
  g_assert_cmpint (committed, >, N_ROUNDS / 2);

  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);

    g_remove (path);
    g_remove (wal);
    g_remove (shm);
    g_rmdir (dir);
  }
}

int
main (int   argc,
      char *argv[])
{
  if (argc == 3 && g_str_equal (argv[1], CHILD_FLAG))
    return run_child (argv[2]);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/crash/sigkill", test_crash_sigkill);

  return g_test_run ();
}
