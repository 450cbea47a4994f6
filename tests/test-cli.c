/* test-cli.c: the command-line dispatcher and its exit statuses
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "nile-cli.h"
#include "nile-error.h"

static void
test_cli_known_commands (void)
{
  g_assert_true (nile_cli_is_command ("help"));
  g_assert_true (nile_cli_is_command ("version"));
  g_assert_false (nile_cli_is_command ("fly-to-the-moon"));
  g_assert_false (nile_cli_is_command (NULL));
  /* Options belong to GApplication, never to the dispatcher. */
  g_assert_false (nile_cli_is_command ("--help"));
}

static void
test_cli_exit_status (void)
{
  static const struct {
    int code;
    int status;
  } cases[] = {
    { NILE_ERROR_INVALID_INPUT, NILE_CLI_EXIT_BAD_INPUT },
    { NILE_ERROR_NOT_FOUND, NILE_CLI_EXIT_BAD_INPUT },
    { NILE_ERROR_NEEDS_CELL, NILE_CLI_EXIT_NEEDS_CELL },
    { NILE_ERROR_FILE, NILE_CLI_EXIT_BAD_FILE },
    { NILE_ERROR_CORRUPT, NILE_CLI_EXIT_BAD_FILE },
    { NILE_ERROR_READ_ONLY, NILE_CLI_EXIT_BAD_FILE },
    { NILE_ERROR_NEWER_FORMAT, NILE_CLI_EXIT_BAD_FILE },
    { NILE_ERROR_DISK_FULL, NILE_CLI_EXIT_BAD_FILE },
  };

  g_assert_cmpint (nile_cli_exit_status_for_error (NULL), ==, NILE_CLI_EXIT_OK);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = g_error_new_literal (NILE_ERROR, cases[i].code, "x");
      g_assert_cmpint (nile_cli_exit_status_for_error (error), ==, cases[i].status);
    }

  {
    g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "x");
    g_assert_cmpint (nile_cli_exit_status_for_error (error), ==, NILE_CLI_EXIT_FAILURE);
  }
}

static void
test_cli_unknown_command (void)
{
  if (g_test_subprocess ())
    {
      char *argv[] = { (char *) "nile-ledger", (char *) "sail-to-zanzibar", NULL };
      exit (nile_cli_run (2, argv));
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*sail-to-zanzibar* is not a command*nile-ledger help*");
}

/* A word in a command's place that names no file, with more after it,
 * is a command mistyped: the command line says so, where it was typed,
 * rather than a window opening on the rest. A campaign alone, or one
 * that is there, still goes to the window. */
static void
test_cli_claims_mistyped_command (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", NULL);
  g_autofree char *notes = g_build_filename (dir, "notes", NULL);
  g_autofree char *binary = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "src", "nile-ledger", NULL);
  const char *help[] = { "nile-ledger", "help", NULL };
  const char *typo[] = { "nile-ledger", "shw", "game.nile", NULL };
  const char *typo_option[] = { "nile-ledger", "shw", "--json", NULL };
  const char *alone[] = { "nile-ledger", "shw", NULL };
  const char *campaign[] = { "nile-ledger", "game.nile", NULL };
  const char *two_campaigns[] = { "nile-ledger", "old.nile", "game.nile", NULL };
  const char *a_file[] = { "nile-ledger", notes, "game.nile", NULL };
  const char *option[] = { "nile-ledger", "--gapplication-service", NULL };
  const char *spawned[] = { binary, "shw", "game.nile", NULL };
  g_autofree char *err_text = NULL;
  g_autoptr(GError) error = NULL;
  int wait_status;

  g_assert_true (g_file_set_contents (notes, "", 0, NULL));
  g_assert_true (nile_cli_claims (2, (char **) help));
  g_assert_true (nile_cli_claims (3, (char **) typo));
  g_assert_true (nile_cli_claims (3, (char **) typo_option));
  g_assert_false (nile_cli_claims (2, (char **) alone));
  g_assert_false (nile_cli_claims (2, (char **) campaign));
  g_assert_false (nile_cli_claims (3, (char **) two_campaigns));
  g_assert_false (nile_cli_claims (3, (char **) a_file));
  g_assert_false (nile_cli_claims (2, (char **) option));
  g_assert_false (nile_cli_claims (1, (char **) help));
  g_remove (notes);
  g_rmdir (dir);

  /* The program itself, with no display to open a window on. */
  if (g_getenv ("G_TEST_BUILDDIR") == NULL || !g_file_test (binary, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the nile-ledger binary is not built");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) spawned, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, &err_text, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, NILE_CLI_EXIT_BAD_INPUT);
  g_assert_cmpstr (err_text, ==, "nile-ledger: “shw” is not a command; run “nile-ledger help” for the list\n");
}

static void
test_cli_version (void)
{
  if (g_test_subprocess ())
    {
      char *argv[] = { (char *) "nile-ledger", (char *) "version", NULL };
      exit (nile_cli_run (2, argv));
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("nile-ledger " PACKAGE_VERSION "\n");
}

static void
test_cli_help_lists_commands (void)
{
  if (g_test_subprocess ())
    {
      char *argv[] = { (char *) "nile-ledger", (char *) "help", NULL };
      exit (nile_cli_run (2, argv));
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*Usage: nile-ledger*help*version*");
}

/* A backup written to a full disk is not a success: the exit status says
 * the output is incomplete. The disk is "full" past a file size limit. */
static void
test_cli_output_full (void)
{
  if (g_test_subprocess ())
    {
      const char *path = g_getenv ("NILE_TEST_OUTPUT");
      struct rlimit limit = { 8, 8 };
      char *argv[] = { (char *) "nile-ledger", (char *) "help", NULL };
      int status;

      signal (SIGXFSZ, SIG_IGN);
      if (freopen (path, "w", stdout) == NULL || setrlimit (RLIMIT_FSIZE, &limit) != 0)
        exit (99);
      status = nile_cli_main (2, argv);
      fprintf (stderr, "exit status %d\n", status);
      exit (status);
    }

  {
    g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "help.txt", NULL);

    g_setenv ("NILE_TEST_OUTPUT", path, TRUE);
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT);
    g_unsetenv ("NILE_TEST_OUTPUT");
    g_remove (path);
    g_rmdir (dir);
  }
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*could not be written*incomplete*exit status 4*");
}

/* What the built program prints for @option, run as a program (the
 * options are GApplication's, not the dispatcher's); NULL, with the test
 * skipped, when it is not built. */
static char *
run_program_option (const char *option)
{
  g_autofree char *binary = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "src", "nile-ledger", NULL);
  const char *argv[] = { binary, option, NULL };
  g_autoptr(GError) error = NULL;
  char *out_text = NULL;
  int wait_status;

  if (g_getenv ("G_TEST_BUILDDIR") == NULL || !g_file_test (binary, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the nile-ledger binary is not built");
      return NULL;
    }

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out_text, NULL, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (wait_status, NULL));
  return out_text;
}

/* `nile-ledger --help`, where most people look first, names the
 * commands too, not only the window's options. */
static void
test_cli_program_help (void)
{
  g_autofree char *out_text = run_program_option ("--help");

  if (out_text == NULL)
    return;
  g_assert_nonnull (strstr (out_text, "COMMAND"));
  g_assert_nonnull (strstr (out_text, "  export "));
  g_assert_nonnull (strstr (out_text, "nile-ledger COMMAND --help"));
}

/* `nile-ledger --version`, as GNOME's programs take it: the version
 * line, and no window. */
static void
test_cli_program_version (void)
{
  g_autofree char *out_text = run_program_option ("--version");

  if (out_text == NULL)
    return;
  g_assert_cmpstr (out_text, ==, "nile-ledger " PACKAGE_VERSION "\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/known-commands", test_cli_known_commands);
  g_test_add_func ("/cli/exit-status", test_cli_exit_status);
  g_test_add_func ("/cli/unknown-command", test_cli_unknown_command);
  g_test_add_func ("/cli/claims-mistyped-command", test_cli_claims_mistyped_command);
  g_test_add_func ("/cli/version", test_cli_version);
  g_test_add_func ("/cli/program-version", test_cli_program_version);
  g_test_add_func ("/cli/help", test_cli_help_lists_commands);
  g_test_add_func ("/cli/output-full", test_cli_output_full);
  g_test_add_func ("/cli/program-help", test_cli_program_help);

  return g_test_run ();
}
