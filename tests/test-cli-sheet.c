/* test-cli-sheet.c: nile-ledger sheet, against a private data folder
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <sys/wait.h>

#include "nile-cli.h"
#include "nile-sheet-store.h"
#include "nile-test-utils.h"

static char *data_home;


/* Runs "nile-ledger sheet ARGS…" in a child; the parent checks it. */
static void
run_sheet (const char *first,
           ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  va_list args;

  g_ptr_array_add (argv, (char *) "nile-ledger");
  g_ptr_array_add (argv, (char *) "sheet");
  va_start (args, first);
  for (const char *a = first; a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  exit (nile_cli_run (argv->len - 1, (char **) argv->pdata));
}

static char *
owner_file (void)
{
  g_autofree char *path = g_build_filename (data_home, "io.github.nileledger.NileLedger",
                                            "sheets.json", NULL);
  char *data = NULL;

  if (!g_file_get_contents (path, &data, NULL, NULL))
    return g_strdup ("");
  return data;
}

/* Sets one cell of the owner's sheets from this process, as an earlier
 * run would have, so a test reads a cell it filled itself. */
static void
owner_sets (const char *sheet_id,
            const char *at,
            const char *value)
{
  g_autofree char *owner_dir = g_build_filename (data_home, "io.github.nileledger.NileLedger", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) store = nile_sheet_store_new_for_dir (owner_dir, &error);
  g_auto(GStrv) assignments = g_strsplit (at, " ", -1);
  g_auto(GStrv) coords = NULL;

  g_assert_no_error (error);
  coords = nile_sheet_parse_coords (nile_sheet_store_lookup (store, sheet_id),
                                    (const char * const *) assignments, &error);
  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_set_cell (store, sheet_id, (const char * const *) coords, value, &error));
  g_assert_no_error (error);
}

/* A pack whose one cell names an activity the sheet does not have. */
static char *
write_bad_pack (void)
{
  char *pack = g_build_filename (data_home, "bad.json", NULL);

  g_assert_true (g_file_set_contents (pack,
    "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 1, \"cells\": ["
    "{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"activity\": \"sleepy\", \"roll\": 8}, \"value\": \"F\"}]}",
    -1, NULL));
  return pack;
}

static void
test_list (void)
{
  if (g_test_subprocess ())
    run_sheet ("list", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*activity-level   ah Activity Level Chart*9/9 cells, 6 to check\n"
                             "*native-attitude  ah Native Attitude *0/198 cells\n*");
}

static void
test_show (void)
{
  if (g_test_subprocess ())
    run_sheet ("show", "activity-level", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*mode    cautious   normal reckless\n"
                             "foot          1?       2?        4\n"
                             "mounted       2?       4?        6\n"
                             "canoe          2       4?       6?\n*");
}

static void
test_show_unknown (void)
{
  if (g_test_subprocess ())
    run_sheet ("show", "weather", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("nile-ledger: There is no sheet “weather”*");
}

static void
test_set (void)
{
  if (g_test_subprocess ())
    run_sheet ("set", "recovery", "roll=0", "R", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("Recovery: 1d6 = 0 is now R\n");
}

/* A row named as `show` prints it, in any case, is the row. */
static void
test_set_by_label (void)
{
  if (g_test_subprocess ())
    run_sheet ("set", "native-trade", "item=Gifts for RATIONS", "7", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("Native Trade: Gifts for rations is now 7\n");
}

/* A name no row has is refused with the names there are. */
static void
test_set_unknown_row (void)
{
  if (g_test_subprocess ())
    run_sheet ("set", "native-trade", "item=gifts", "7", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("nile-ledger: sheet “native-trade” has no item “gifts” (it has: bearer, guide, askari,"
                             " camel, canoe, rations, gifts-for-rations, gifts-for-muskets)\n");
}

/* A cell's value that is not UTF-8 is said to be so, not missing. */
static void
test_set_not_utf8 (void)
{
  if (g_test_subprocess ())
    run_sheet ("set", "recovery", "roll=0", "R\xff", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("nile-ledger: sheet “recovery”: a cell’s value must be UTF-8 text\n");
}

/* A later run (another process) sees what an earlier one learned: the
 * cell set here, shown by the child. */
static void
test_show_after_set (void)
{
  if (g_test_subprocess ())
    run_sheet ("show", "recovery", NULL);

  owner_sets ("recovery", "roll=0", "R");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*roll  result\n0          R\n1          ·\n*1 of 7 cells filled*");
}

static void
test_set_bad_value (void)
{
  g_autofree char *before = owner_file ();

  if (g_test_subprocess ())
    run_sheet ("set", "native-attitude", "policy=3", "activity=normal", "roll=8", "Z", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("nile-ledger: sheet “native-attitude” has no code “Z”*");
  {
    g_autofree char *after = owner_file ();

    g_assert_cmpstr (after, ==, before);
  }
}

static void
test_confirm (void)
{
  if (g_test_subprocess ())
    run_sheet ("confirm", "lost-numbers", "terrain=jungle", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("Lost numbers: jungle is 3, checked on your board\n");
}

static void
test_import_bad (void)
{
  g_autofree char *pack = write_bad_pack ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  if (g_test_subprocess ())
    run_sheet ("import", pack, NULL);

  before = owner_file ();
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("nile-ledger: cells[0]: sheet “native-attitude” has no activity “sleepy”"
                             " (it has: cautious, normal, reckless)\n");
  after = owner_file ();
  g_assert_cmpstr (after, ==, before);
}

static void
test_import_good (void)
{
  g_autofree char *pack = g_build_filename (data_home, "good.json", NULL);

  g_assert_true (g_file_set_contents (pack,
    "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 1, \"cells\": ["
    "{\"sheet\": \"defeat\", \"at\": {\"roll\": 1}, \"value\": \"K\"},"
    "{\"sheet\": \"defeat\", \"at\": {\"roll\": 2}, \"value\": \"C\"}]}",
    -1, NULL));

  if (g_test_subprocess ())
    run_sheet ("import", pack, NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("Imported 2 new cells (0 already there), 0 policy names and 0 range lists into: defeat\n");
}

static void
test_import_conflict (void)
{
  g_autofree char *pack = g_build_filename (data_home, "conflict.json", NULL);

  g_assert_true (g_file_set_contents (pack,
    "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 1, \"cells\": ["
    "{\"sheet\": \"defeat\", \"at\": {\"roll\": 1}, \"value\": \"E\"}]}",
    -1, NULL));

  if (g_test_subprocess ())
    run_sheet ("import", pack, NULL);

  /* Defeat 1 = K in the owner's file, as test_import_good leaves it. */
  owner_sets ("defeat", "roll=1", "K");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*differs from what you entered in 1 place*Consequences of Defeat: 1d6 = 1: yours K, the pack’s E*");
}

static void
test_export (void)
{
  if (g_test_subprocess ())
    run_sheet ("export", "-", "defeat", NULL);

  owner_sets ("defeat", "roll=1", "K");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*\"format\" : \"nile-ledger-sheet-pack\"*\"sheet\" : \"defeat\"*\"value\" : \"K\"*");
}

/* Into a folder that is not there: the file asked for is named, not a
 * temporary file beside it. */
static void
test_export_missing_folder (void)
{
  if (g_test_subprocess ())
    run_sheet ("export", "/nonexistent-folder/pack.json", "defeat", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*Cannot write the pack: *“/nonexistent-folder/pack.json”*No such file or directory*");
}

/* The roll command reads the same owner's sheets. */
static void
test_roll_needs_cell (void)
{
  if (g_test_subprocess ())
    {
      char *argv[] = { (char *) "nile-ledger", (char *) "roll", (char *) "native-attitude",
                       (char *) "--policy", (char *) "3", (char *) "--activity", (char *) "normal",
                       (char *) "--dice", (char *) "4,4", NULL };

      exit (nile_cli_run (G_N_ELEMENTS (argv) - 1, argv));
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout ("Needs a cell from your board: sheet native-attitude, policy 3, "
                             "activity normal, roll 8, total 8\n*");
}

static void
test_roll_learned (void)
{
  if (g_test_subprocess ())
    {
      char *set[] = { (char *) "nile-ledger", (char *) "sheet", (char *) "set", (char *) "native-attitude",
                      (char *) "policy=3", (char *) "activity=normal", (char *) "roll=8", (char *) "N", NULL };
      char *roll[] = { (char *) "nile-ledger", (char *) "roll", (char *) "native-attitude",
                       (char *) "--policy", (char *) "3", (char *) "--activity", (char *) "normal",
                       (char *) "--dice", (char *) "4,4", NULL };

      if (nile_cli_run (G_N_ELEMENTS (set) - 1, set) != 0)
        exit (1);
      exit (nile_cli_run (G_N_ELEMENTS (roll) - 1, roll));
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*is now N\n*Native Attitude: policy 3, normal, 2d6 = 8 → N: The tribe is neutral*");
}

/* A window open beside the command line: its next change keeps the cell
 * the command line set meanwhile, and it shows that cell. */
static void
test_set_beside_open_store (void)
{
  const char *two[] = { "2", NULL };
  const char *five[] = { "5", NULL };
  g_autofree char *owner_dir = NULL;
  g_autoptr(NileSheetStore) window = NULL;
  g_autoptr(NileSheetStore) next_run = NULL;
  g_autoptr(NileSheetCell) cell = NULL;
  g_autoptr(GError) error = NULL;

  if (g_test_subprocess ())
    run_sheet ("set", "dg-recovery", "roll=2", "D", NULL);

  owner_dir = g_build_filename (data_home, "io.github.nileledger.NileLedger", NULL);
  window = nile_sheet_store_new_for_dir (owner_dir, &error);
  g_assert_no_error (error);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("Recovery (Discovery Games): 1d6 = 2 is now D\n");

  g_assert_true (nile_sheet_store_set_cell (window, "dg-recovery", five, "R", &error));
  g_assert_no_error (error);
  cell = nile_sheet_lookup (nile_sheet_store_lookup (window, "dg-recovery"), two);
  g_assert_cmpstr (cell->value, ==, "D");
  g_clear_pointer (&cell, nile_sheet_cell_free);

  next_run = nile_sheet_store_new_for_dir (owner_dir, &error);
  g_assert_no_error (error);
  cell = nile_sheet_lookup (nile_sheet_store_lookup (next_run, "dg-recovery"), two);
  g_assert_cmpstr (cell->value, ==, "D");
  g_clear_pointer (&cell, nile_sheet_cell_free);
  cell = nile_sheet_lookup (nile_sheet_store_lookup (next_run, "dg-recovery"), five);
  g_assert_cmpstr (cell->value, ==, "R");
}

static void
test_exit_status_on_bad_usage (void)
{
  if (g_test_subprocess ())
    run_sheet ("fold", NULL);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*“fold” is not something “sheet” does*");
}

/* The exit statuses a game master's script sees, from the real binary. */
static void
test_exit_statuses (void)
{
  g_autofree char *binary = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "src", "nile-ledger", NULL);
  g_autofree char *bad = write_bad_pack ();
  const char *no_file = "/nonexistent/pack.json";
  const struct {
    const char *args[10];
    int         status;
  } cases[] = {
    { { "sheet", "list" }, 0 },
    { { "sheet", "show", "weather" }, 2 },
    { { "sheet", "set", "recovery", "roll=1", "Q" }, 2 },
    { { "sheet", "import", bad }, 2 },
    { { "sheet", "import", no_file }, 4 },
    { { "roll", "native-attitude", "--policy", "6", "--activity", "reckless", "--dice", "6,6" }, 3 },
  };

  if (g_getenv ("G_TEST_BUILDDIR") == NULL || !g_file_test (binary, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the nile-ledger binary is not built");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int wait_status;

      g_ptr_array_add (argv, binary);
      for (guint a = 0; cases[i].args[a] != NULL; a++)
        g_ptr_array_add (argv, (char *) cases[i].args[a]);
      g_ptr_array_add (argv, NULL);

      g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   &out, &err, &wait_status, &error));
      g_assert_no_error (error);
      g_test_message ("%s %s: %s", cases[i].args[0], cases[i].args[1], err);
      g_assert_true (WIFEXITED (wait_status));
      g_assert_cmpint (WEXITSTATUS (wait_status), ==, cases[i].status);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* Before anything asks GLib for the user data folder. */
  data_home = g_strdup (g_getenv ("NILE_TEST_DATA_HOME"));
  if (data_home == NULL)
    {
      data_home = g_dir_make_tmp ("nile-cli-sheet-XXXXXX", NULL);
      g_setenv ("NILE_TEST_DATA_HOME", data_home, TRUE);
    }
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  /* The messages use typographic quotes; keep them as they are. */
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/sheet/list", test_list);
  g_test_add_func ("/cli/sheet/show", test_show);
  g_test_add_func ("/cli/sheet/show-unknown", test_show_unknown);
  g_test_add_func ("/cli/sheet/set", test_set);
  g_test_add_func ("/cli/sheet/set-by-label", test_set_by_label);
  g_test_add_func ("/cli/sheet/set-unknown-row", test_set_unknown_row);
  g_test_add_func ("/cli/sheet/set-not-utf8", test_set_not_utf8);
  g_test_add_func ("/cli/sheet/show-after-set", test_show_after_set);
  g_test_add_func ("/cli/sheet/set-bad-value", test_set_bad_value);
  g_test_add_func ("/cli/sheet/confirm", test_confirm);
  g_test_add_func ("/cli/sheet/import-bad", test_import_bad);
  g_test_add_func ("/cli/sheet/import-good", test_import_good);
  g_test_add_func ("/cli/sheet/import-conflict", test_import_conflict);
  g_test_add_func ("/cli/sheet/export", test_export);
  g_test_add_func ("/cli/sheet/export-missing-folder", test_export_missing_folder);
  g_test_add_func ("/cli/sheet/set-beside-open-store", test_set_beside_open_store);
  g_test_add_func ("/cli/sheet/bad-usage", test_exit_status_on_bad_usage);
  g_test_add_func ("/cli/sheet/roll-needs-cell", test_roll_needs_cell);
  g_test_add_func ("/cli/sheet/roll-learned", test_roll_learned);
  g_test_add_func ("/cli/sheet/exit-statuses", test_exit_statuses);

  status = g_test_run ();
  if (!g_test_subprocess ())
    nile_test_remove_tree (data_home);
  g_free (data_home);
  return status;
}
