/* test-sheets.c: built-in sheets, the owner's cells, sheet packs
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <sys/file.h>
#include <unistd.h>

#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-sheet-store.h"
#include "nile-test-utils.h"

#define SHEETS_URI "resource:///io/github/nileledger/NileLedger/core/sheets"

/* A private owner folder per test, removed afterwards. */
typedef struct {
  char           *dir;
  NileSheetStore *store;
} Fixture;


static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("nile-sheets-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->store = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fixture->store);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_finalize_object (fixture->store);
  nile_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

static char *
owner_file_contents (Fixture *fixture)
{
  g_autofree char *path = g_build_filename (fixture->dir, "sheets.json", NULL);
  char *data = NULL;

  if (!g_file_get_contents (path, &data, NULL, NULL))
    return g_strdup ("");
  return data;
}

static GStrv
coords (NileSheet  *sheet,
        const char *first,
        ...)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) assignments = NULL;
  g_autoptr(GError) error = NULL;
  GStrv parsed;
  va_list args;

  va_start (args, first);
  for (const char *a = first; a != NULL; a = va_arg (args, const char *))
    g_strv_builder_add (builder, a);
  va_end (args);
  assignments = g_strv_builder_end (builder);
  parsed = nile_sheet_parse_coords (sheet, (const char * const *) assignments, &error);
  g_assert_no_error (error);
  return parsed;
}

/* What every built-in sheet must look like. */
static const struct {
  const char *id;
  const char *edition;
  const char *dice;
  const char *axes;   /* name:kind, … */
  guint       cells;
  const char *codes;  /* NULL for a number sheet */
} shapes[] = {
  { "native-attitude", "ah", "2d6", "policy:policy activity:activity roll:dice", 6 * 3 * 11, "F N C A" },
  { "negotiation", "ah", "2d6", "gifts:count roll:dice", 8 * 11, "F R I" },
  { "native-attack", "ah", "2d6", "fighters:count size:tribe-size roll:dice", 9 * 3 * 11, "W D H" },
  { "victory-a", "ah", "1d6", "size:tribe-size roll:dice", 3 * 6, NULL },
  { "victory-b", "ah", "1d6", "size:tribe-size roll:dice", 3 * 6, "- P V PV" },
  { "defeat", "ah", "1d6", "roll:dice", 6, "K C E E1 E2 E3" },
  { "native-strength", "ah", "1d6", "distance:count roll:dice", 10 * 6, "S M L" },
  { "hunting", "ah", "1d6", "terrain:terrain activity:activity hunters:count roll:dice", 6 * 3 * 5 * 8, NULL },
  { "recovery", "ah", "1d6", "roll:dice", 7, "R S D" },
  { "lost-numbers", "ah", "none", "terrain:terrain", 8, NULL },
  { "activity-level", "ah", "none", "mode:travel-mode activity:activity", 9, NULL },
  { "victory-points", "ah", "none", "specialty:specialty discovery:choice", 8 * 11, NULL },
  { "prices", "ah", "none", "item:choice", 9, NULL },
  { "native-trade", "ah", "none", "item:choice", 8, NULL },
  { "dg-hunting", "dg", "1d6", "roll:dice", 13, NULL },
  { "dg-recovery", "dg", "1d6", "roll:dice", 6, "R S D" },
};

static const char *
kind_name (NileAxisKind kind)
{
  static const char *names[] = {
    [NILE_AXIS_POLICY] = "policy", [NILE_AXIS_ACTIVITY] = "activity",
    [NILE_AXIS_TERRAIN] = "terrain", [NILE_AXIS_TRIBE_SIZE] = "tribe-size",
    [NILE_AXIS_TRAVEL_MODE] = "travel-mode", [NILE_AXIS_SPECIALTY] = "specialty",
    [NILE_AXIS_COUNT] = "count", [NILE_AXIS_DICE_TOTAL] = "dice",
    [NILE_AXIS_CHOICE] = "choice",
  };
  return names[kind];
}

static void
test_builtin_shapes (Fixture       *fixture,
                     gconstpointer  data)
{
  GListModel *sheets = nile_sheet_store_get_sheets (fixture->store);

  g_assert_cmpuint (g_list_model_get_n_items (sheets), ==, G_N_ELEMENTS (shapes));

  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      NileSheet *sheet = nile_sheet_store_lookup (fixture->store, shapes[i].id);
      g_autoptr(GString) axes = g_string_new (NULL);
      guint known, suggested, total;

      g_test_message ("sheet %s", shapes[i].id);
      g_assert_nonnull (sheet);
      g_assert_cmpstr (nile_enum_to_nick (NILE_TYPE_EDITION, nile_sheet_get_edition (sheet)), ==,
                       shapes[i].edition);
      g_assert_cmpstr (nile_sheet_get_dice (sheet), ==, shapes[i].dice);
      g_assert_nonnull (nile_sheet_get_title (sheet));
      g_assert_nonnull (nile_sheet_get_rule (sheet));
      g_assert_nonnull (nile_sheet_get_description (sheet));

      for (guint a = 0; a < nile_sheet_get_n_axes (sheet); a++)
        g_string_append_printf (axes, "%s%s:%s", a > 0 ? " " : "",
                                nile_sheet_get_axis_name (sheet, a),
                                kind_name (nile_sheet_get_axis_kind (sheet, a)));
      g_assert_cmpstr (axes->str, ==, shapes[i].axes);

      nile_sheet_count_cells (sheet, &known, &suggested, &total);
      g_assert_cmpuint (total, ==, shapes[i].cells);

      if (shapes[i].codes != NULL)
        {
          g_auto(GStrv) codes = g_strsplit (shapes[i].codes, " ", -1);

          g_assert_true (nile_sheet_has_codes (sheet));
          g_assert_cmpuint (nile_sheet_get_n_codes (sheet), ==, g_strv_length (codes));
          for (guint c = 0; codes[c] != NULL; c++)
            {
              g_autoptr(JsonNode) effects = NULL;

              g_assert_cmpstr (nile_sheet_get_code (sheet, c), ==, codes[c]);
              g_assert_nonnull (nile_sheet_get_code_meaning (sheet, codes[c]));
              effects = nile_sheet_dup_effects (sheet, codes[c]);
              g_assert_true (JSON_NODE_HOLDS_ARRAY (effects));
            }
        }
      else
        {
          int min, max;

          g_assert_false (nile_sheet_has_codes (sheet));
          nile_sheet_get_value_range (sheet, &min, &max);
          g_assert_cmpint (min, <=, max);
          g_assert_nonnull (nile_sheet_get_unit (sheet));
        }

      /* Every cell's coordinates are valid and read back the same way. */
      for (guint c = 0; c < total; c++)
        {
          g_auto(GStrv) at = nile_sheet_coords_at (sheet, c);
          g_autoptr(NileSheetCell) cell = NULL;
          g_autofree char *place = NULL;

          g_assert_true (nile_sheet_check_coords (sheet, (const char * const *) at, NULL));
          cell = nile_sheet_lookup (sheet, (const char * const *) at);
          g_assert_false (cell->owner);
          if (cell->state != NILE_CELL_BLANK)
            g_assert_true (nile_sheet_check_value (sheet, cell->value, NULL));
          place = nile_sheet_describe_coords (sheet, (const char * const *) at);
          g_assert_true (g_str_has_prefix (place, nile_sheet_get_title (sheet)));
        }
    }
}

/* The cells the rules (known) or the fan reference (suggested) give,
 * per tables.md and rulings.md. Every other cell must be blank. */
static const struct {
  const char *sheet;
  const char *at;     /* axis=value;… */
  const char *value;
  NileCellState state;
  const char *source;
} expected_cells[] = {
  { "activity-level", "mode=canoe;activity=cautious", "2", NILE_CELL_KNOWN, "R 9.12" },
  { "activity-level", "mode=mounted;activity=reckless", "6", NILE_CELL_KNOWN, "R 9.51" },
  { "activity-level", "mode=foot;activity=reckless", "4", NILE_CELL_KNOWN, "R 9.51" },
  { "activity-level", "mode=foot;activity=cautious", "1", NILE_CELL_SUGGESTED, "fan reference" },
  { "activity-level", "mode=foot;activity=normal", "2", NILE_CELL_SUGGESTED, "fan reference" },
  { "activity-level", "mode=mounted;activity=cautious", "2", NILE_CELL_SUGGESTED, "fan reference" },
  { "activity-level", "mode=mounted;activity=normal", "4", NILE_CELL_SUGGESTED, "fan reference" },
  { "activity-level", "mode=canoe;activity=normal", "4", NILE_CELL_SUGGESTED, "fan reference" },
  { "activity-level", "mode=canoe;activity=reckless", "6", NILE_CELL_SUGGESTED, "fan reference" },
  { "lost-numbers", "terrain=desert", "1", NILE_CELL_SUGGESTED, "fan reference" },
  { "lost-numbers", "terrain=veldt", "1", NILE_CELL_SUGGESTED, "fan reference" },
  { "lost-numbers", "terrain=lake", "1", NILE_CELL_SUGGESTED, "fan reference" },
  { "lost-numbers", "terrain=mountains", "2", NILE_CELL_SUGGESTED, "fan reference" },
  { "lost-numbers", "terrain=swamp", "2", NILE_CELL_SUGGESTED, "fan reference" },
  { "lost-numbers", "terrain=jungle", "3", NILE_CELL_SUGGESTED, "fan reference" },
  { "lost-numbers", "terrain=jungle-mountain", "5", NILE_CELL_SUGGESTED, "fan reference" },
  { "lost-numbers", "terrain=jungle-swamp", "5", NILE_CELL_SUGGESTED, "fan reference" },
};

static void
test_builtin_known_cells (Fixture       *fixture,
                          gconstpointer  data)
{
  GListModel *sheets = nile_sheet_store_get_sheets (fixture->store);
  guint non_blank = 0;

  for (guint i = 0; i < G_N_ELEMENTS (expected_cells); i++)
    {
      NileSheet *sheet = nile_sheet_store_lookup (fixture->store, expected_cells[i].sheet);
      g_auto(GStrv) assignments = g_strsplit (expected_cells[i].at, ";", -1);
      g_auto(GStrv) at = nile_sheet_parse_coords (sheet, (const char * const *) assignments, NULL);
      g_autoptr(NileSheetCell) cell = nile_sheet_lookup (sheet, (const char * const *) at);

      g_assert_cmpint (cell->state, ==, expected_cells[i].state);
      g_assert_cmpstr (cell->value, ==, expected_cells[i].value);
      g_assert_cmpstr (cell->source, ==, expected_cells[i].source);
    }

  /* …and nothing else anywhere: no printed value is made up. */
  for (guint i = 0; i < g_list_model_get_n_items (sheets); i++)
    {
      g_autoptr(NileSheet) sheet = g_list_model_get_item (sheets, i);
      guint known, suggested, total;

      nile_sheet_count_cells (sheet, &known, &suggested, &total);
      non_blank += known + suggested;
    }
  g_assert_cmpuint (non_blank, ==, G_N_ELEMENTS (expected_cells));
}

static void
test_builtin_modifiers (Fixture       *fixture,
                        gconstpointer  data)
{
  static const struct {
    const char *sheet;
    const char *id;
    int         value;
  } expected[] = {
    { "recovery", "doctor", -1 },
    { "hunting", "lone-unarmed", -2 },
    { "lost-numbers", "guide", 1 },
    { "lost-numbers", "cautious", 1 },
    { "lost-numbers", "reckless", -1 },
  };
  NileSheet *lost = nile_sheet_store_lookup (fixture->store, "lost-numbers");
  g_auto(GVariantDict) inputs = G_VARIANT_DICT_INIT (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      NileSheet *sheet = nile_sheet_store_lookup (fixture->store, expected[i].sheet);
      gboolean found = FALSE;

      for (guint m = 0; m < nile_sheet_get_n_modifiers (sheet); m++)
        if (g_str_equal (nile_sheet_get_modifier_id (sheet, m), expected[i].id))
          {
            g_assert_cmpint (nile_sheet_get_modifier_value (sheet, m), ==, expected[i].value);
            g_assert_nonnull (nile_sheet_get_modifier_reason (sheet, m));
            found = TRUE;
          }
      g_assert_true (found);
    }

  /* guide +1 applies on a true flag; cautious only when activity is it. */
  g_variant_dict_insert (&inputs, "guide", "b", TRUE);
  g_variant_dict_insert (&inputs, "activity", "s", "reckless");
  g_assert_true (nile_sheet_modifier_applies (lost, 0, &inputs));
  g_assert_false (nile_sheet_modifier_applies (lost, 1, &inputs));
  g_assert_true (nile_sheet_modifier_applies (lost, 2, &inputs));
}

static void
test_coords_parsing (Fixture       *fixture,
                     gconstpointer  data)
{
  NileSheet *attitude = nile_sheet_store_lookup (fixture->store, "native-attitude");
  NileSheet *negotiation = nile_sheet_store_lookup (fixture->store, "negotiation");
  NileSheet *recovery = nile_sheet_store_lookup (fixture->store, "recovery");
  static const struct {
    const char *assignments;
    const char *message;
  } bad[] = {
    { "policy=3;activity=sleepy;roll=8",
      "sheet “native-attitude” has no activity “sleepy” (it has: cautious, normal, reckless)" },
    { "policy=7;activity=normal;roll=8", "sheet “native-attitude” has no policy “7” (it has: 1, 2, 3, 4, 5, 6)" },
    { "policy=3;activity=normal;roll=13",
      "sheet “native-attitude” has no roll “13” (it has: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)" },
    { "policy=3;activity=normal", "the roll is missing" },
    { "policy=3;activity=normal;roll=8;roll=9", "“roll” is given twice" },
    { "policy=3;mood=normal;roll=8", "sheet “native-attitude” has no axis “mood” (it has: policy, activity, roll)" },
    { "policy3;activity=normal;roll=8", "“policy3” should read AXIS=VALUE" },
  };
  g_auto(GStrv) at = NULL;
  g_autofree char *place = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto(GStrv) assignments = g_strsplit (bad[i].assignments, ";", -1);
      g_auto(GStrv) parsed = NULL;
      g_autoptr(GError) local_error = NULL;

      parsed = nile_sheet_parse_coords (attitude, (const char * const *) assignments, &local_error);
      g_assert_null (parsed);
      g_assert_error (local_error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      g_assert_cmpstr (local_error->message, ==, bad[i].message);
    }

  at = coords (attitude, "roll=8", "activity=normal", "policy=3", NULL);
  place = nile_sheet_describe_coords (attitude, (const char * const *) at);
  g_assert_cmpstr (place, ==, "Native Attitude: policy 3, normal, 2d6 = 8");
  g_clear_pointer (&at, g_strfreev);

  /* A count finds its range; a key names it directly. */
  at = coords (negotiation, "gifts=7", "roll=2", NULL);
  g_assert_cmpstr (at[0], ==, "6-10");
  g_clear_pointer (&at, g_strfreev);
  at = coords (negotiation, "gifts=500", "roll=2", NULL);
  g_assert_cmpstr (at[0], ==, "41+");
  g_clear_pointer (&at, g_strfreev);

  /* A modified die past the printed rows reads the nearest row. */
  g_assert_cmpstr (nile_sheet_axis_value_for_number (recovery, 0, -1, NULL), ==, "0");
  g_assert_cmpstr (nile_sheet_axis_value_for_number (recovery, 0, 9, NULL), ==, "6");
  g_assert_null (nile_sheet_axis_value_for_number (negotiation, 0, -1, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
}

static void
test_needs_cell_then_learned (Fixture       *fixture,
                              gconstpointer  data)
{
  NileSheet *sheet = nile_sheet_store_lookup (fixture->store, "native-attitude");
  g_auto(GStrv) at = coords (sheet, "policy=3", "activity=normal", "roll=8", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetCell) cell = NULL;
  g_autoptr(NileSheetStore) second = NULL;
  guint filled, total;

  cell = nile_sheet_store_resolve (fixture->store, "native-attitude", (const char * const *) at, &error);
  g_assert_null (cell);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NEEDS_CELL);
  g_assert_cmpstr (error->message, ==,
                   "Native Attitude: policy 3, normal, 2d6 = 8 — read this cell off your board");
  g_clear_error (&error);

  g_assert_true (nile_sheet_store_get_completion (fixture->store, "native-attitude", &filled, &total));
  g_assert_cmpuint (filled, ==, 0);
  g_assert_cmpuint (total, ==, 198);

  g_assert_true (nile_sheet_store_set_cell (fixture->store, "native-attitude",
                                            (const char * const *) at, "F", &error));
  g_assert_no_error (error);

  cell = nile_sheet_store_resolve (fixture->store, "native-attitude", (const char * const *) at, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cell->value, ==, "F");
  g_assert_cmpint (cell->state, ==, NILE_CELL_KNOWN);
  g_assert_true (cell->owner);
  g_assert_cmpstr (cell->source, ==, "your board");
  g_clear_pointer (&cell, nile_sheet_cell_free);

  g_assert_true (nile_sheet_store_get_completion (fixture->store, "native-attitude", &filled, &total));
  g_assert_cmpuint (filled, ==, 1);

  /* A second store reading the same folder (the next session) knows it. */
  second = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  cell = nile_sheet_store_resolve (second, "native-attitude", (const char * const *) at, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cell->value, ==, "F");
  g_assert_true (cell->owner);
}

static void
test_set_cell_rejects (Fixture       *fixture,
                       gconstpointer  data)
{
  NileSheet *attitude = nile_sheet_store_lookup (fixture->store, "native-attitude");
  NileSheet *activity = nile_sheet_store_lookup (fixture->store, "activity-level");
  g_auto(GStrv) at = coords (attitude, "policy=1", "activity=cautious", "roll=2", NULL);
  g_auto(GStrv) reckless = coords (activity, "mode=foot", "activity=reckless", NULL);
  g_autoptr(GError) error = NULL;
  const char *bad_coords[] = { "1", "sleepy", "2", NULL };

  g_assert_false (nile_sheet_store_set_cell (fixture->store, "native-attitude",
                                             (const char * const *) at, "Z", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==, "sheet “native-attitude” has no code “Z” (its codes: F, N, C, A)");
  g_clear_error (&error);

  g_assert_false (nile_sheet_store_set_cell (fixture->store, "native-attitude",
                                             bad_coords, "F", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  g_assert_false (nile_sheet_store_set_cell (fixture->store, "activity-level",
                                             (const char * const *) reckless, "13", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  /* The rulebook fixes foot reckless at 4 (R 9.51). */
  g_assert_false (nile_sheet_store_set_cell (fixture->store, "activity-level",
                                             (const char * const *) reckless, "3", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);
  g_assert_true (nile_sheet_store_set_cell (fixture->store, "activity-level",
                                            (const char * const *) reckless, "4", &error));
  g_assert_no_error (error);

  g_assert_false (nile_sheet_store_set_cell (fixture->store, "no-such-sheet",
                                             (const char * const *) reckless, "4", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND);

  /* Nothing was accepted, so nothing was written. */
  g_assert_false (g_file_test (nile_sheet_store_get_owner_path (fixture->store), G_FILE_TEST_EXISTS));
}

static void
test_confirm_and_rename (Fixture       *fixture,
                         gconstpointer  data)
{
  NileSheet *lost = nile_sheet_store_lookup (fixture->store, "lost-numbers");
  NileSheet *attitude = nile_sheet_store_lookup (fixture->store, "native-attitude");
  g_auto(GStrv) jungle = coords (lost, "terrain=jungle", NULL);
  g_auto(GStrv) blank = coords (attitude, "policy=2", "activity=reckless", "roll=12", NULL);
  g_autoptr(NileSheetCell) cell = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) second = NULL;
  g_autofree char *place = NULL;

  g_assert_true (nile_sheet_store_confirm_cell (fixture->store, "lost-numbers",
                                                (const char * const *) jungle, &error));
  g_assert_no_error (error);
  cell = nile_sheet_lookup (lost, (const char * const *) jungle);
  g_assert_cmpint (cell->state, ==, NILE_CELL_KNOWN);
  g_assert_cmpstr (cell->value, ==, "3");
  g_assert_cmpstr (cell->source, ==, "fan reference, checked on your board");

  g_assert_false (nile_sheet_store_confirm_cell (fixture->store, "native-attitude",
                                                 (const char * const *) blank, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  g_assert_true (nile_sheet_store_rename_policy (fixture->store, "native-attitude", "2",
                                                 "Show of force", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (nile_sheet_get_axis_label (attitude, 0, 1), ==, "Show of force");
  g_assert_cmpstr (nile_sheet_get_axis_label (attitude, 0, 0), ==, "Policy 1");
  g_assert_cmpstr (nile_sheet_get_policy_name (attitude, "2"), ==, "Show of force");
  g_assert_null (nile_sheet_get_policy_name (attitude, "1"));
  place = nile_sheet_describe_coords (attitude, (const char * const *) blank);
  g_assert_cmpstr (place, ==, "Native Attitude: Show of force (policy 2), reckless, 2d6 = 12");

  g_assert_false (nile_sheet_store_rename_policy (fixture->store, "native-attitude", "9", "x", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_sheet_store_rename_policy (fixture->store, "hunting", "1", "x", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  second = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (nile_sheet_get_axis_label (nile_sheet_store_lookup (second, "native-attitude"), 0, 1),
                   ==, "Show of force");

  /* An empty name goes back to the number. */
  g_assert_true (nile_sheet_store_rename_policy (fixture->store, "native-attitude", "2", "", &error));
  g_assert_cmpstr (nile_sheet_get_axis_label (attitude, 0, 1), ==, "Policy 2");
  g_assert_null (nile_sheet_get_policy_name (attitude, "2"));
}

typedef struct {
  const char *sheet;
  const char *from;
  const char *to;
} SheetEdit;

/* Copies the built-in sheets to a folder, editing some on the way, as a
 * later version of the app might. */
static GFile *
write_builtins (const char      *dir,
                const SheetEdit *edits,
                guint            n_edits)
{
  g_autoptr(GFile) source = g_file_new_for_uri (SHEETS_URI);
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (source, G_FILE_ATTRIBUTE_STANDARD_NAME, 0, NULL, NULL);
  GFileInfo *info;

  g_assert_nonnull (children);
  g_mkdir_with_parents (dir, 0700);
  while (g_file_enumerator_iterate (children, &info, NULL, NULL, NULL) && info != NULL)
    {
      g_autoptr(GFile) child = g_file_get_child (source, g_file_info_get_name (info));
      g_autofree char *data = NULL;
      g_autofree char *path = g_build_filename (dir, g_file_info_get_name (info), NULL);
      g_autoptr(GString) text = NULL;

      g_assert_true (g_file_load_contents (child, NULL, &data, NULL, NULL, NULL));
      text = g_string_new (data);
      for (guint i = 0; i < n_edits; i++)
        {
          g_autofree char *name = g_strconcat (edits[i].sheet, ".json", NULL);

          if (!g_str_equal (g_file_info_get_name (info), name))
            continue;
          g_assert_nonnull (strstr (text->str, edits[i].from));
          g_string_replace (text, edits[i].from, edits[i].to, 1);
        }
      g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
    }
  return g_file_new_for_path (dir);
}

static void
test_owner_survives_newer_builtins (Fixture       *fixture,
                                    gconstpointer  data)
{
  NileSheet *negotiation = nile_sheet_store_lookup (fixture->store, "negotiation");
  NileSheet *attitude = nile_sheet_store_lookup (fixture->store, "native-attitude");
  g_auto(GStrv) kept = coords (attitude, "policy=6", "activity=cautious", "roll=7", NULL);
  g_auto(GStrv) moved = coords (negotiation, "gifts=11-15", "roll=7", NULL);
  static const SheetEdit edits[] = {
    { "native-attitude", "\"6\"", "\"6\", \"7\"" },
    { "negotiation", "\"11-15\",\n        \"16-20\"", "\"11-20\"" },
  };
  g_autofree char *builtin_path = g_build_filename (fixture->dir, "builtin", NULL);
  g_autofree char *owner_after = NULL;
  g_autoptr(GFile) builtin = NULL;
  g_autoptr(NileSheetStore) newer = NULL;
  g_autoptr(NileSheetStore) older = NULL;
  g_autoptr(NileSheetCell) cell = NULL;
  g_autoptr(GError) error = NULL;
  NileSheet *newer_attitude;
  guint filled, total;

  g_assert_true (nile_sheet_store_set_cell (fixture->store, "native-attitude",
                                            (const char * const *) kept, "N", &error));
  g_assert_true (nile_sheet_store_set_cell (fixture->store, "negotiation",
                                            (const char * const *) moved, "R", &error));
  g_assert_no_error (error);

  /* The newer version prints a new policy 7 and regroups the gifts
   * 11-15 and 16-20 into one row. */
  builtin = write_builtins (builtin_path, edits, G_N_ELEMENTS (edits));
  newer = nile_sheet_store_new_full (builtin, fixture->dir, &error);
  g_assert_no_error (error);

  newer_attitude = nile_sheet_store_lookup (newer, "native-attitude");
  nile_sheet_count_cells (newer_attitude, NULL, NULL, &total);
  g_assert_cmpuint (total, ==, 7 * 3 * 11);
  cell = nile_sheet_lookup (newer_attitude, (const char * const *) kept);
  g_assert_cmpstr (cell->value, ==, "N");
  g_assert_true (cell->owner);
  g_assert_true (nile_sheet_store_get_completion (newer, "negotiation", &filled, &total));
  g_assert_cmpuint (filled, ==, 0);

  /* Saving in the newer version keeps the entry it cannot place. */
  g_assert_true (nile_sheet_store_rename_policy (newer, "native-attitude", "7", "Parley", &error));
  g_assert_no_error (error);
  owner_after = owner_file_contents (fixture);
  g_assert_nonnull (strstr (owner_after, "\"11-15\""));
  g_assert_nonnull (strstr (owner_after, "Parley"));

  /* …so going back to the older sheets finds it again. */
  older = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  g_clear_pointer (&cell, nile_sheet_cell_free);
  cell = nile_sheet_lookup (nile_sheet_store_lookup (older, "negotiation"), (const char * const *) moved);
  g_assert_cmpstr (cell->value, ==, "R");

  nile_test_remove_tree (builtin_path);
}

static void
test_corrupt_owner_file (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "sheets.json", NULL);
  g_autoptr(NileSheetStore) store = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "{ not json", -1, NULL));
  store = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_null (store);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (path, "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 9}", -1, NULL));
  store = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_null (store);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NEWER_FORMAT);
}

/* An owner's file that can't be read is said in the player's words,
 * naming the file, not in GLib's. A folder in its place works whoever
 * runs the test (root reads any file); a file no one may read is
 * tried as well when the test runs as another user. */
static void
test_unreadable_owner_file (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "sheets.json", NULL);
  g_autofree char *expected = g_strdup_printf ("Your sheets can’t be read: “%s” is a folder, not a file", path);
  g_autoptr(NileSheetStore) store = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  store = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_null (store);
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FILE);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_assert_cmpint (g_rmdir (path), ==, 0);

  if (geteuid () != 0)
    {
      g_autofree char *denied = g_strdup_printf ("Your sheets in “%s” can’t be read: you are not allowed to read that file",
                                                 path);

      g_assert_true (g_file_set_contents (path, "{}", -1, NULL));
      g_assert_cmpint (g_chmod (path, 0), ==, 0);
      store = nile_sheet_store_new_for_dir (fixture->dir, &error);
      g_assert_null (store);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_FILE);
      g_assert_cmpstr (error->message, ==, denied);
      g_assert_cmpint (g_chmod (path, 0600), ==, 0);
      g_remove (path);
    }
}

/* Malformed packs: each fails whole, names the place, and leaves the
 * owner's file byte for byte as it was. */
#define PACK_HEAD "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 1, "
#define GOOD_CELL "{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"activity\": \"normal\", \"roll\": 8}, \"value\": \"F\"}"

static const struct {
  const char *pack;
  const char *message;  /* a glob */
} bad_packs[] = {
  { "", "the pack is empty" },
  { "[1, 2]", "a pack must be a JSON object" },
  { "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 1, \"cells\": [",
    "the pack is not JSON text, or it was cut short (near line 1)" },
  /* Another file picked by mistake: said in a player's words, not as
   * json-glib's "<data>:2:1: Parse error: unexpected identifier". */
  { "Day 12\nthe porters refuse to cross", "the pack is not JSON text, or it was cut short (near line 1)" },
  { "{\"format\": \"nile-ledger-sheet-pack\",\n \"version\": x}",
    "the pack is not JSON text, or it was cut short (near line 2)" },
  { "{\"version\": 1, \"cells\": []}", "pack: “format” is missing" },
  { "{\"format\": \"campaign\", \"version\": 1}", "pack: “campaign” is not a sheet pack" },
  { "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 2}", "pack: version 2 comes from a newer Nile Ledger*" },
  { "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 0}", "pack: version 0 is not a pack version" },
  { "{\"format\": \"nile-ledger-sheet-pack\", \"version\": \"1\"}", "pack: “version” must be a whole number" },
  { PACK_HEAD "\"cells\": {}}", "pack: “cells” must be a list" },
  { PACK_HEAD "\"tables\": []}", "pack: “tables” does not belong here" },
  { PACK_HEAD "\"cells\": [" GOOD_CELL ", 7]}", "cells[1] must be an object" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"weather\", \"at\": {}, \"value\": \"F\"}]}", "cells[0]: there is no sheet “weather”" },
  { PACK_HEAD "\"cells\": [{\"sheet\": 4, \"at\": {}, \"value\": \"F\"}]}", "cells[0]: “sheet” must be text" },
  { PACK_HEAD "\"cells\": [{\"at\": {}, \"value\": \"F\"}]}", "cells[0]: “sheet” is missing" },
  { PACK_HEAD "\"cells\": [" GOOD_CELL ", {\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"activity\": \"sleepy\", \"roll\": 8}, \"value\": \"F\"}]}",
    "cells[1]: sheet “native-attitude” has no activity “sleepy” (it has: cautious, normal, reckless)" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"mood\": \"normal\", \"roll\": 8}, \"value\": \"F\"}]}",
    "cells[0]: sheet “native-attitude” has no axis “mood” (it has: policy, activity, roll)" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"roll\": 8}, \"value\": \"F\"}]}",
    "cells[0]: the activity is missing" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"activity\": \"normal\", \"roll\": 14}, \"value\": \"F\"}]}",
    "cells[0]: sheet “native-attitude” has no roll “14” (it has: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"native-attitude\", \"at\": {\"policy\": \"3\", \"activity\": \"normal\", \"roll\": 8}, \"value\": \"Q\"}]}",
    "cells[0]: sheet “native-attitude” has no code “Q”*" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"prices\", \"at\": {\"item\": \"bearer\"}, \"value\": 5000}]}",
    "cells[0]: sheet “prices” takes a whole number from 0 to 1000, not “5000”" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"prices\", \"at\": {\"item\": \"bearer\"}, \"value\": 2.5}]}",
    "cells[0]: “value” must be a code or a whole number" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"prices\", \"at\": {\"item\": \"bearer\"}, \"value\": [1]}]}",
    "cells[0]: “value” must be a code or a whole number" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"prices\", \"at\": [\"bearer\"], \"value\": 10}]}",
    "cells[0]: “at” must be an object of axis and value" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"prices\", \"at\": {\"item\": true}, \"value\": 10}]}",
    "cells[0]: “item” must be text or a number" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"prices\", \"at\": {\"item\": \"bearer\"}, \"value\": 10, \"note\": 1}]}",
    "cells[0]: “note” does not belong here" },
  { PACK_HEAD "\"cells\": [" GOOD_CELL ", " GOOD_CELL "]}", "cells[1]: the same cell as cells[0]" },
  { PACK_HEAD "\"cells\": [{\"sheet\": \"activity-level\", \"at\": {\"mode\": \"foot\", \"activity\": \"reckless\"}, \"value\": 3}]}",
    "cells[0]: Activity Level Chart: foot, reckless is 4 by rule (R 9.51), not 3" },
  { PACK_HEAD "\"policy-names\": [{\"sheet\": \"hunting\", \"policy\": \"1\", \"name\": \"x\"}]}",
    "policy-names[0]: sheet “hunting” has no policies" },
  { PACK_HEAD "\"policy-names\": [{\"sheet\": \"native-attitude\", \"policy\": \"8\", \"name\": \"x\"}]}",
    "policy-names[0]: sheet “native-attitude” has no policy “8”" },
  { PACK_HEAD "\"policy-names\": [{\"sheet\": \"native-attitude\", \"policy\": \"1\", \"name\": \"\"}]}",
    "policy-names[0]: a policy name takes 1 to 60 characters" },
  { PACK_HEAD "\"policy-names\": [{\"sheet\": \"native-attitude\", \"policy\": \"1\", \"name\": \"a\\u0007b\"}]}",
    "policy-names[0]: a policy name cannot hold control characters" },
  { PACK_HEAD "\"policy-names\": [{\"sheet\": \"native-attitude\", \"policy\": \"1\", \"name\": \"a\"}, {\"sheet\": \"native-attitude\", \"policy\": \"1\", \"name\": \"b\"}]}",
    "policy-names[1]: the same policy as policy-names[0]" },
  { "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 1, \"x\": \"\xc3\x28\"}", "the pack is not UTF-8 text (byte 57)" },
  { PACK_HEAD "\"ranges\": {}}", "pack: “ranges” must be a list" },
  { PACK_HEAD "\"ranges\": [{\"sheet\": \"negotiation\", \"axis\": \"presents\", \"ranges\": [\"0\", \"1+\"]}]}",
    "ranges[0]: sheet “negotiation” has no axis “presents”" },
  { PACK_HEAD "\"ranges\": [{\"sheet\": \"negotiation\", \"axis\": \"gifts\", \"ranges\": [\"0\", \"2+\"]}]}",
    "ranges[0]: gifts: range “2+” should start at 1" },
  { PACK_HEAD "\"ranges\": [{\"sheet\": \"negotiation\", \"axis\": \"roll\", \"ranges\": [\"2+\"]}]}",
    "ranges[0]: The roll rows of Negotiation are fixed*" },
  { PACK_HEAD "\"ranges\": [{\"sheet\": \"negotiation\", \"axis\": \"gifts\", \"ranges\": [0, 1]}]}",
    "ranges[0]: ranges[0] must be text" },
};

static void
test_pack_malformed (Fixture       *fixture,
                     gconstpointer  data)
{
  NileSheet *sheet = nile_sheet_store_lookup (fixture->store, "victory-points");
  g_auto(GStrv) at = coords (sheet, "specialty=geologist", "discovery=mountains", NULL);
  g_autofree char *before = NULL;
  g_autoptr(GError) error = NULL;

  /* The owner has something to lose. */
  g_assert_true (nile_sheet_store_set_cell (fixture->store, "victory-points",
                                            (const char * const *) at, "3", &error));
  g_assert_no_error (error);
  before = owner_file_contents (fixture);
  g_assert_cmpuint (strlen (before), >, 0);

  for (guint i = 0; i < G_N_ELEMENTS (bad_packs); i++)
    {
      g_autoptr(GError) pack_error = NULL;
      g_autofree char *after = NULL;

      g_test_message ("pack %u", i);
      g_assert_false (nile_sheet_store_import_pack (fixture->store, bad_packs[i].pack, -1, NULL, &pack_error));
      g_assert_error (pack_error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      if (!g_pattern_match_simple (bad_packs[i].message, pack_error->message))
        g_error ("pack %u: “%s” does not match “%s”", i, pack_error->message, bad_packs[i].message);
      after = owner_file_contents (fixture);
      g_assert_cmpstr (after, ==, before);
    }
  /* Nothing of the good first cells of a bad pack got in. */
  {
    NileSheet *attitude = nile_sheet_store_lookup (fixture->store, "native-attitude");
    g_auto(GStrv) good = coords (attitude, "policy=3", "activity=normal", "roll=8", NULL);
    g_autoptr(NileSheetCell) cell = nile_sheet_lookup (attitude, (const char * const *) good);

    g_assert_cmpint (cell->state, ==, NILE_CELL_BLANK);
  }
}

static void
test_pack_limits (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GString) huge = g_string_new (PACK_HEAD "\"cells\": [");
  g_autoptr(GString) many = g_string_new (PACK_HEAD "\"cells\": [");
  g_autoptr(GError) error = NULL;

  while (huge->len <= NILE_SHEET_PACK_MAX_BYTES)
    g_string_append (huge, "                                                                ");
  g_string_append (huge, "]}");
  g_assert_false (nile_sheet_store_import_pack (fixture->store, huge->str, huge->len, NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_true (g_pattern_match_simple ("the pack is * bytes; a pack may be at most 1048576", error->message));
  g_clear_error (&error);

  for (guint i = 0; i <= NILE_SHEET_PACK_MAX_CELLS; i++)
    g_string_append (many, i > 0 ? ",{}" : "{}");
  g_string_append (many, "]}");
  g_assert_false (nile_sheet_store_import_pack (fixture->store, many->str, many->len, NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==, "pack: 10001 cells; a pack may hold at most 10000");
}

static void
test_pack_round_trip_and_conflict (Fixture       *fixture,
                                   gconstpointer  data)
{
  NileSheet *attitude = nile_sheet_store_lookup (fixture->store, "native-attitude");
  NileSheet *hunting = nile_sheet_store_lookup (fixture->store, "hunting");
  g_auto(GStrv) a = coords (attitude, "policy=3", "activity=normal", "roll=8", NULL);
  g_auto(GStrv) b = coords (hunting, "terrain=jungle", "activity=cautious", "hunters=5", "roll=4", NULL);
  g_autofree char *other_dir = g_dir_make_tmp ("nile-sheets-XXXXXX", NULL);
  g_autoptr(NileSheetStore) other = NULL;
  g_autoptr(NileSheetImportReport) report = NULL;
  g_autoptr(NileSheetCell) cell = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *pack = NULL;
  g_autofree char *other_before = NULL;
  g_autofree char *other_after = NULL;
  g_autofree char *other_path = NULL;
  const char *ids[] = { "native-attitude", "hunting", NULL };
  const char *unknown[] = { "weather", NULL };

  g_assert_true (nile_sheet_store_set_cell (fixture->store, "native-attitude", (const char * const *) a, "F", &error));
  g_assert_true (nile_sheet_store_set_cell (fixture->store, "hunting", (const char * const *) b, "12", &error));
  g_assert_true (nile_sheet_store_rename_policy (fixture->store, "native-attitude", "3", "Gifts first", &error));
  g_assert_no_error (error);

  pack = nile_sheet_store_export_pack (fixture->store, ids, &error);
  g_assert_no_error (error);
  g_assert_null (nile_sheet_store_export_pack (fixture->store, unknown, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  other = nile_sheet_store_new_for_dir (other_dir, &error);
  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_import_pack (other, pack, -1, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report->n_added, ==, 2);
  g_assert_cmpuint (report->n_unchanged, ==, 0);
  g_assert_cmpuint (report->n_names, ==, 1);
  g_assert_cmpstrv (report->sheet_ids, ((const char *[]) { "native-attitude", "hunting", NULL }));
  g_clear_pointer (&report, nile_sheet_import_report_free);

  cell = nile_sheet_lookup (nile_sheet_store_lookup (other, "hunting"), (const char * const *) b);
  g_assert_cmpstr (cell->value, ==, "12");
  g_assert_true (cell->owner);

  /* The same pack again: same values are no conflict. */
  g_assert_true (nile_sheet_store_import_pack (other, pack, -1, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report->n_added, ==, 0);
  g_assert_cmpuint (report->n_unchanged, ==, 2);

  /* The other owner reads his board differently: a conflict, listed,
   * and nothing of the pack merges. */
  g_assert_true (nile_sheet_store_set_cell (fixture->store, "hunting", (const char * const *) b, "9", &error));
  g_clear_pointer (&pack, g_free);
  pack = nile_sheet_store_export_pack (fixture->store, NULL, &error);
  other_path = g_build_filename (other_dir, "sheets.json", NULL);
  g_assert_true (g_file_get_contents (other_path, &other_before, NULL, NULL));
  g_assert_false (nile_sheet_store_import_pack (other, pack, -1, NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_assert_cmpstr (error->message, ==,
                   "The pack differs from what you entered in 1 place; nothing was imported:\n"
                   "  Hunting: jungle, cautious, hunters 4-6, 1d6 = 4: yours 12, the pack’s 9");
  g_assert_true (g_file_get_contents (other_path, &other_after, NULL, NULL));
  g_assert_cmpstr (other_after, ==, other_before);

  g_clear_object (&other);
  nile_test_remove_tree (other_dir);
}

static GStrv
axis_values (NileSheet *sheet,
             guint      axis)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < nile_sheet_get_axis_n_values (sheet, axis); i++)
    g_strv_builder_add (builder, nile_sheet_get_axis_value (sheet, axis, i));
  return g_strv_builder_end (builder);
}

static void
test_owner_ranges (Fixture       *fixture,
                   gconstpointer  data)
{
  static const struct {
    const char *ranges;
    int         code;
  } bad[] = {
    { "1-5,6+", NILE_ERROR_INVALID_INPUT },      /* must start at 0 */
    { "0,1-5", NILE_ERROR_INVALID_INPUT },       /* must end open */
    { "0,2-5,6+", NILE_ERROR_INVALID_INPUT },    /* a gap */
    { "0,1-5,5-9,10+", NILE_ERROR_INVALID_INPUT },
    { "0,x,6+", NILE_ERROR_INVALID_INPUT },
  };
  const char *mine[] = { "0", "1-10", "11-20", "21+", NULL };
  NileSheet *sheet = nile_sheet_store_lookup (fixture->store, "negotiation");
  g_autoptr(NileSheetStore) next_session = NULL;
  g_autoptr(NileSheetCell) cell = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) at = NULL;
  g_auto(GStrv) values = NULL;
  g_autofree char *file = NULL;
  guint filled, total;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto(GStrv) ranges = g_strsplit (bad[i].ranges, ",", -1);

      g_assert_false (nile_sheet_store_set_ranges (fixture->store, "negotiation", "gifts",
                                                   (const char * const *) ranges, &error));
      g_assert_error (error, NILE_ERROR, bad[i].code);
      g_clear_error (&error);
    }
  g_assert_false (nile_sheet_store_set_ranges (fixture->store, "native-attitude", "activity", mine, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);
  g_assert_false (g_file_test (nile_sheet_store_get_owner_path (fixture->store), G_FILE_TEST_EXISTS));

  g_assert_true (nile_sheet_store_set_ranges (fixture->store, "negotiation", "gifts", mine, &error));
  g_assert_no_error (error);
  g_assert_true (nile_sheet_axis_has_own_ranges (sheet, 0));
  g_assert_true (nile_sheet_store_get_completion (fixture->store, "negotiation", &filled, &total));
  g_assert_cmpuint (total, ==, 4 * 11);

  /* 12 gifts are now in the owner's 11-20 row. */
  at = coords (sheet, "gifts=12", "roll=7", NULL);
  g_assert_cmpstr (at[0], ==, "11-20");
  g_assert_true (nile_sheet_store_set_cell (fixture->store, "negotiation", (const char * const *) at, "R", &error));
  g_assert_no_error (error);

  next_session = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  values = axis_values (nile_sheet_store_lookup (next_session, "negotiation"), 0);
  g_assert_cmpstrv (values, mine);
  cell = nile_sheet_lookup (nile_sheet_store_lookup (next_session, "negotiation"), (const char * const *) at);
  g_assert_cmpstr (cell->value, ==, "R");
  g_clear_pointer (&cell, nile_sheet_cell_free);
  g_clear_object (&next_session);

  /* Back to the shipped rows: the cell waits in the file… */
  g_assert_true (nile_sheet_store_set_ranges (fixture->store, "negotiation", "gifts", NULL, &error));
  g_assert_no_error (error);
  g_assert_false (nile_sheet_axis_has_own_ranges (sheet, 0));
  g_assert_true (nile_sheet_store_get_completion (fixture->store, "negotiation", &filled, &total));
  g_assert_cmpuint (filled, ==, 0);
  file = owner_file_contents (fixture);
  g_assert_nonnull (strstr (file, "\"11-20\""));

  /* …and comes back with the owner's rows. */
  g_assert_true (nile_sheet_store_set_ranges (fixture->store, "negotiation", "gifts", mine, &error));
  cell = nile_sheet_lookup (sheet, (const char * const *) at);
  g_assert_cmpstr (cell->value, ==, "R");
}

static void
test_pack_ranges (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *pack =
    PACK_HEAD "\"ranges\": [{\"sheet\": \"negotiation\", \"axis\": \"gifts\", \"ranges\": [\"0\", \"1-10\", \"11+\"]}], "
    "\"cells\": [{\"sheet\": \"negotiation\", \"at\": {\"gifts\": \"11+\", \"roll\": 12}, \"value\": \"F\"}]}";
  const char *bad_cell =
    PACK_HEAD "\"ranges\": [{\"sheet\": \"negotiation\", \"axis\": \"gifts\", \"ranges\": [\"0\", \"1-10\", \"11+\"]}], "
    "\"cells\": [{\"sheet\": \"negotiation\", \"at\": {\"gifts\": \"11+\", \"roll\": 12}, \"value\": \"Q\"}]}";
  const char *mine[] = { "0", "1-3", "4+", NULL };
  const char *shipped[] = { "0", "1-5", "6-10", "11-15", "16-20", "21-30", "31-40", "41+", NULL };
  NileSheet *sheet = nile_sheet_store_lookup (fixture->store, "negotiation");
  g_autoptr(NileSheetImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) values = NULL;
  g_autofree char *exported = NULL;

  /* A bad cell further on leaves the shipped rows in place. */
  g_assert_false (nile_sheet_store_import_pack (fixture->store, bad_cell, -1, NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  values = axis_values (sheet, 0);
  g_assert_cmpstrv (values, shipped);
  g_clear_pointer (&values, g_strfreev);

  /* Checking a pack changes nothing either. */
  g_assert_true (nile_sheet_store_check_pack (fixture->store, pack, -1, &error));
  values = axis_values (sheet, 0);
  g_assert_cmpstrv (values, shipped);
  g_clear_pointer (&values, g_strfreev);

  /* An owner with the shipped rows and no cells takes the pack's. */
  g_assert_true (nile_sheet_store_import_pack (fixture->store, pack, -1, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report->n_ranges, ==, 1);
  g_assert_cmpuint (report->n_added, ==, 1);
  exported = nile_sheet_store_export_pack (fixture->store, NULL, &error);
  g_assert_nonnull (strstr (exported, "\"ranges\""));

  /* An owner with rows of his own: a conflict, and nothing changes. */
  g_assert_true (nile_sheet_store_set_ranges (fixture->store, "negotiation", "gifts", mine, &error));
  g_assert_false (nile_sheet_store_import_pack (fixture->store, pack, -1, NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_assert_cmpstr (error->message, ==,
                   "ranges[0]: your gifts rows on Negotiation are 0, 1-3, 4+; the pack’s are 0, 1-10, 11+. "
                   "Nothing was imported");
  values = axis_values (sheet, 0);
  g_assert_cmpstrv (values, mine);
}

static void
count_changed (NileSheet *sheet,
               guint     *count)
{
  (*count)++;
}

/* A sheet says when the owner's data on it changed, once per change. */
static void
test_changed_signal (Fixture       *fixture,
                     gconstpointer  data)
{
  NileSheet *attitude = nile_sheet_store_lookup (fixture->store, "native-attitude");
  g_auto(GStrv) at = coords (attitude, "policy=1", "activity=normal", "roll=7", NULL);
  const char *pack = PACK_HEAD "\"cells\": [" GOOD_CELL "]}";
  g_autoptr(GError) error = NULL;
  guint count = 0;

  g_signal_connect (attitude, "changed", G_CALLBACK (count_changed), &count);

  g_assert_true (nile_sheet_store_set_cell (fixture->store, "native-attitude", (const char * const *) at, "F", NULL));
  g_assert_cmpuint (count, ==, 1);
  g_assert_true (nile_sheet_store_set_cell (fixture->store, "native-attitude", (const char * const *) at, "F", NULL));
  g_assert_cmpuint (count, ==, 1);
  g_assert_false (nile_sheet_store_set_cell (fixture->store, "native-attitude", (const char * const *) at, "Z", &error));
  g_clear_error (&error);
  g_assert_cmpuint (count, ==, 1);
  g_assert_true (nile_sheet_store_rename_policy (fixture->store, "native-attitude", "1", "Trade", NULL));
  g_assert_true (nile_sheet_store_rename_policy (fixture->store, "native-attitude", "1", "Trade", NULL));
  g_assert_cmpuint (count, ==, 2);
  g_assert_true (nile_sheet_store_import_pack (fixture->store, pack, -1, NULL, NULL));
  g_assert_cmpuint (count, ==, 3);
  g_assert_true (nile_sheet_store_import_pack (fixture->store, pack, -1, NULL, NULL));
  g_assert_cmpuint (count, ==, 3);

  g_signal_handlers_disconnect_by_func (attitude, count_changed, &count);
}

/* The owner takes back what he typed: a suggestion shows again, a blank
 * cell is blank, and the rules' own cells stay. */
static void
test_clear_cell (Fixture       *fixture,
                 gconstpointer  data)
{
  NileSheet *lost = nile_sheet_store_lookup (fixture->store, "lost-numbers");
  NileSheet *attitude = nile_sheet_store_lookup (fixture->store, "native-attitude");
  NileSheet *activity = nile_sheet_store_lookup (fixture->store, "activity-level");
  g_auto(GStrv) jungle = coords (lost, "terrain=jungle", NULL);
  g_auto(GStrv) blank = coords (attitude, "policy=1", "activity=normal", "roll=7", NULL);
  g_auto(GStrv) fixed = coords (activity, "mode=foot", "activity=reckless", NULL);
  g_autoptr(NileSheetStore) second = NULL;
  g_autoptr(NileSheetCell) cell = NULL;
  g_autoptr(GError) error = NULL;
  guint filled, total;

  g_assert_true (nile_sheet_store_set_cell (fixture->store, "lost-numbers",
                                            (const char * const *) jungle, "4", &error));
  g_assert_true (nile_sheet_store_set_cell (fixture->store, "native-attitude",
                                            (const char * const *) blank, "N", &error));
  g_assert_no_error (error);

  g_assert_true (nile_sheet_store_clear_cell (fixture->store, "lost-numbers",
                                              (const char * const *) jungle, &error));
  g_assert_true (nile_sheet_store_clear_cell (fixture->store, "native-attitude",
                                              (const char * const *) blank, &error));
  g_assert_no_error (error);
  cell = nile_sheet_lookup (lost, (const char * const *) jungle);
  g_assert_cmpint (cell->state, ==, NILE_CELL_SUGGESTED);
  g_assert_cmpstr (cell->value, ==, "3");
  g_clear_pointer (&cell, nile_sheet_cell_free);
  cell = nile_sheet_lookup (attitude, (const char * const *) blank);
  g_assert_cmpint (cell->state, ==, NILE_CELL_BLANK);
  g_assert_true (nile_sheet_store_get_completion (fixture->store, "native-attitude", &filled, &total));
  g_assert_cmpuint (filled, ==, 0);

  /* Clearing what is already blank changes nothing and is no error. */
  g_assert_true (nile_sheet_store_clear_cell (fixture->store, "native-attitude",
                                              (const char * const *) blank, &error));
  g_assert_no_error (error);

  g_assert_false (nile_sheet_store_clear_cell (fixture->store, "activity-level",
                                               (const char * const *) fixed, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN);
  g_clear_error (&error);

  /* The owner's file forgets it too. */
  second = nile_sheet_store_new_for_dir (fixture->dir, &error);
  g_assert_no_error (error);
  g_clear_pointer (&cell, nile_sheet_cell_free);
  cell = nile_sheet_lookup (nile_sheet_store_lookup (second, "native-attitude"),
                            (const char * const *) blank);
  g_assert_cmpint (cell->state, ==, NILE_CELL_BLANK);
}

/* The window and the command line are two programs with a store each
 * over the one owner's file; two stores on one folder stand for them. */
static NileSheetStore *
second_program (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  NileSheetStore *other = nile_sheet_store_new_for_dir (fixture->dir, &error);

  g_assert_no_error (error);
  return other;
}

static char *
value_in (NileSheetStore     *store,
          const char         *sheet_id,
          const char * const *at)
{
  g_autoptr(NileSheetCell) cell = nile_sheet_lookup (nile_sheet_store_lookup (store, sheet_id), at);

  return cell->owner ? g_strdup (cell->value) : NULL;
}

#define assert_value(store, sheet_id, at, expected) \
  G_STMT_START { \
    g_autofree char *_value = value_in ((store), (sheet_id), (const char * const *) (at)); \
    g_assert_cmpstr (_value, ==, (expected)); \
  } G_STMT_END

/* Each program saves the whole file; neither loses what the other set. */
static void
test_programs_keep_each_others_cells (Fixture       *fixture,
                                      gconstpointer  data)
{
  NileSheetStore *a = fixture->store;
  g_autoptr(NileSheetStore) b = second_program (fixture);
  g_autoptr(NileSheetStore) later = NULL;
  NileSheet *attitude = nile_sheet_store_lookup (a, "native-attitude");
  NileSheet *defeat = nile_sheet_store_lookup (a, "defeat");
  g_auto(GStrv) first = coords (attitude, "policy=1", "activity=normal", "roll=7", NULL);
  g_auto(GStrv) second = coords (defeat, "roll=2", NULL);
  g_auto(GStrv) third = coords (attitude, "policy=2", "activity=cautious", "roll=5", NULL);
  g_autoptr(GError) error = NULL;
  guint a_attitude = 0, a_defeat = 0;

  g_signal_connect (attitude, "changed", G_CALLBACK (count_changed), &a_attitude);
  g_signal_connect (defeat, "changed", G_CALLBACK (count_changed), &a_defeat);

  g_assert_true (nile_sheet_store_set_cell (a, "native-attitude", (const char * const *) first, "F", &error));
  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_set_cell (b, "defeat", (const char * const *) second, "C", &error));
  g_assert_no_error (error);
  g_assert_true (nile_sheet_store_set_cell (a, "native-attitude", (const char * const *) third, "N", &error));
  g_assert_no_error (error);

  /* A read B's cell before saving, and said so on that sheet. */
  assert_value (a, "native-attitude", first, "F");
  assert_value (a, "defeat", second, "C");
  assert_value (a, "native-attitude", third, "N");
  g_assert_cmpuint (a_defeat, ==, 1);
  g_assert_cmpuint (a_attitude, ==, 2);

  /* B catches up too, and the file holds all three. */
  g_assert_true (nile_sheet_store_reload (b, &error));
  g_assert_no_error (error);
  assert_value (b, "native-attitude", first, "F");
  assert_value (b, "defeat", second, "C");
  assert_value (b, "native-attitude", third, "N");
  later = second_program (fixture);
  assert_value (later, "native-attitude", first, "F");
  assert_value (later, "defeat", second, "C");
  assert_value (later, "native-attitude", third, "N");

  g_signal_handlers_disconnect_by_func (attitude, count_changed, &a_attitude);
  g_signal_handlers_disconnect_by_func (defeat, count_changed, &a_defeat);
}

/* A cell another program cleared stays cleared when this one saves. */
static void
test_programs_clear_is_kept (Fixture       *fixture,
                             gconstpointer  data)
{
  NileSheetStore *a = fixture->store;
  g_autoptr(NileSheetStore) b = NULL;
  g_autoptr(NileSheetStore) later = NULL;
  NileSheet *lost = nile_sheet_store_lookup (a, "lost-numbers");
  g_auto(GStrv) jungle = coords (lost, "terrain=jungle", NULL);
  g_auto(GStrv) swamp = coords (lost, "terrain=swamp", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (nile_sheet_store_set_cell (a, "lost-numbers", (const char * const *) jungle, "4", &error));
  g_assert_no_error (error);
  b = second_program (fixture);
  g_assert_true (nile_sheet_store_clear_cell (b, "lost-numbers", (const char * const *) jungle, &error));
  g_assert_no_error (error);

  g_assert_true (nile_sheet_store_set_cell (a, "lost-numbers", (const char * const *) swamp, "5", &error));
  g_assert_no_error (error);
  assert_value (a, "lost-numbers", jungle, NULL);
  assert_value (a, "lost-numbers", swamp, "5");
  later = second_program (fixture);
  assert_value (later, "lost-numbers", jungle, NULL);
  assert_value (later, "lost-numbers", swamp, "5");
}

/* Policy names and the owner's rows come from the other program's save
 * too, and the sheets they changed say so. */
static void
test_programs_names_and_ranges (Fixture       *fixture,
                                gconstpointer  data)
{
  const char *mine[] = { "0", "1-10", "11+", NULL };
  NileSheetStore *a = fixture->store;
  g_autoptr(NileSheetStore) b = second_program (fixture);
  NileSheet *negotiation = nile_sheet_store_lookup (a, "negotiation");
  NileSheet *attitude = nile_sheet_store_lookup (a, "native-attitude");
  NileSheet *defeat = nile_sheet_store_lookup (a, "defeat");
  g_auto(GStrv) gifts = coords (nile_sheet_store_lookup (b, "negotiation"), "gifts=12", "roll=7", NULL);
  g_auto(GStrv) roll = coords (defeat, "roll=3", NULL);
  g_auto(GStrv) values = NULL;
  g_autoptr(GError) error = NULL;
  guint n_negotiation = 0, n_attitude = 0, n_hunting = 0;

  g_signal_connect (negotiation, "changed", G_CALLBACK (count_changed), &n_negotiation);
  g_signal_connect (attitude, "changed", G_CALLBACK (count_changed), &n_attitude);
  g_signal_connect (nile_sheet_store_lookup (a, "hunting"), "changed", G_CALLBACK (count_changed), &n_hunting);

  g_assert_true (nile_sheet_store_set_ranges (b, "negotiation", "gifts", mine, &error));
  g_assert_no_error (error);
  g_clear_pointer (&gifts, g_strfreev);
  gifts = coords (nile_sheet_store_lookup (b, "negotiation"), "gifts=12", "roll=7", NULL);
  g_assert_true (nile_sheet_store_set_cell (b, "negotiation", (const char * const *) gifts, "R", &error));
  g_assert_true (nile_sheet_store_rename_policy (b, "native-attitude", "3", "Trade", &error));
  g_assert_no_error (error);

  g_assert_true (nile_sheet_store_set_cell (a, "defeat", (const char * const *) roll, "E", &error));
  g_assert_no_error (error);
  values = axis_values (negotiation, 0);
  g_assert_cmpstrv (values, mine);
  assert_value (a, "negotiation", gifts, "R");
  g_assert_cmpstr (nile_sheet_get_policy_name (attitude, "3"), ==, "Trade");
  g_assert_cmpuint (n_negotiation, ==, 1);
  g_assert_cmpuint (n_attitude, ==, 1);
  g_assert_cmpuint (n_hunting, ==, 0);

  /* B going back to the shipped rows puts them back here as well. */
  g_assert_true (nile_sheet_store_set_ranges (b, "negotiation", "gifts", NULL, &error));
  g_assert_true (nile_sheet_store_reload (a, &error));
  g_assert_no_error (error);
  g_assert_false (nile_sheet_axis_has_own_ranges (negotiation, 0));
  g_assert_cmpuint (n_negotiation, ==, 2);

  g_signal_handlers_disconnect_by_func (negotiation, count_changed, &n_negotiation);
  g_signal_handlers_disconnect_by_func (attitude, count_changed, &n_attitude);
  g_signal_handlers_disconnect_by_func (nile_sheet_store_lookup (a, "hunting"), count_changed, &n_hunting);
}

static gboolean
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until *count reaches @wanted, for at most ten
 * seconds. */
static void
wait_for_count (guint *count,
                guint  wanted)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (10, set_flag, &timed_out);

  while (*count < wanted && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout);
  g_assert_cmpuint (*count, >=, wanted);
}

/* An open window shows what the command line set, with no change of
 * its own; its own saves read nothing back. */
static void
test_programs_follow_the_file (Fixture       *fixture,
                               gconstpointer  data)
{
  NileSheetStore *a = fixture->store;
  g_autoptr(NileSheetStore) b = second_program (fixture);
  NileSheet *a_recovery = nile_sheet_store_lookup (a, "dg-recovery");
  NileSheet *b_recovery = nile_sheet_store_lookup (b, "dg-recovery");
  g_auto(GStrv) roll = coords (a_recovery, "roll=4", NULL);
  g_autoptr(GError) error = NULL;
  guint a_changed = 0, b_changed = 0;

  g_signal_connect (a_recovery, "changed", G_CALLBACK (count_changed), &a_changed);
  g_signal_connect (b_recovery, "changed", G_CALLBACK (count_changed), &b_changed);

  g_assert_true (nile_sheet_store_set_cell (a, "dg-recovery", (const char * const *) roll, "S", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (a_changed, ==, 1);

  wait_for_count (&b_changed, 1);
  assert_value (b, "dg-recovery", roll, "S");

  /* What is left of the burst of events reaches A as well. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (a_changed, ==, 1);
  g_assert_cmpuint (b_changed, ==, 1);

  g_signal_handlers_disconnect_by_func (a_recovery, count_changed, &a_changed);
  g_signal_handlers_disconnect_by_func (b_recovery, count_changed, &b_changed);
}

/* A file another program left damaged is not written over: every change
 * is refused and says why, and memory keeps what it had. */
static void
test_programs_damaged_file (Fixture       *fixture,
                            gconstpointer  data)
{
  const char *damaged = "{\"format\": \"nile-ledger-sheet-pack\", \"version\": 1, \"cells\": [";
  const char *mine[] = { "0", "1-10", "11+", NULL };
  const char *pack = PACK_HEAD "\"cells\": [" GOOD_CELL "]}";
  NileSheetStore *a = fixture->store;
  NileSheet *lost = nile_sheet_store_lookup (a, "lost-numbers");
  NileSheet *attitude = nile_sheet_store_lookup (a, "native-attitude");
  g_auto(GStrv) jungle = coords (lost, "terrain=jungle", NULL);
  g_auto(GStrv) swamp = coords (lost, "terrain=swamp", NULL);
  g_auto(GStrv) blank = coords (attitude, "policy=1", "activity=normal", "roll=7", NULL);
  g_autofree char *path = g_build_filename (fixture->dir, "sheets.json", NULL);
  g_autofree char *expected = g_strdup_printf ("Your sheets in %s cannot be read: the pack is not JSON text, *"
                                               "; nothing was changed", path);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  guint n_lost = 0;

  g_assert_true (nile_sheet_store_set_cell (a, "lost-numbers", (const char * const *) jungle, "4", &error));
  g_assert_no_error (error);
  g_signal_connect (lost, "changed", G_CALLBACK (count_changed), &n_lost);

  g_assert_true (g_file_set_contents (path, damaged, -1, NULL));

  g_assert_false (nile_sheet_store_set_cell (a, "lost-numbers", (const char * const *) swamp, "5", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
  g_assert_true (g_pattern_match_simple (expected, error->message));
  g_clear_error (&error);
  g_assert_false (nile_sheet_store_clear_cell (a, "lost-numbers", (const char * const *) jungle, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
  g_clear_error (&error);
  g_assert_false (nile_sheet_store_confirm_cell (a, "lost-numbers", (const char * const *) swamp, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
  g_clear_error (&error);
  g_assert_false (nile_sheet_store_rename_policy (a, "native-attitude", "1", "Trade", &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
  g_clear_error (&error);
  g_assert_false (nile_sheet_store_set_ranges (a, "negotiation", "gifts", mine, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
  g_clear_error (&error);
  g_assert_false (nile_sheet_store_import_pack (a, pack, -1, NULL, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
  g_clear_error (&error);
  g_assert_false (nile_sheet_store_reload (a, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
  g_clear_error (&error);

  after = owner_file_contents (fixture);
  g_assert_cmpstr (after, ==, damaged);
  assert_value (a, "lost-numbers", jungle, "4");
  assert_value (a, "lost-numbers", swamp, NULL);
  assert_value (a, "native-attitude", blank, NULL);
  g_assert_false (nile_sheet_axis_has_own_ranges (nile_sheet_store_lookup (a, "negotiation"), 0));
  g_assert_cmpuint (n_lost, ==, 0);

  /* Once the file is mended, what it holds wins and changes go ahead. */
  g_assert_true (g_file_set_contents (path, PACK_HEAD "\"cells\": []}", -1, NULL));
  g_assert_true (nile_sheet_store_set_cell (a, "lost-numbers", (const char * const *) swamp, "5", &error));
  g_assert_no_error (error);
  assert_value (a, "lost-numbers", jungle, NULL);
  assert_value (a, "lost-numbers", swamp, "5");
  g_assert_cmpuint (n_lost, ==, 1);

  g_signal_handlers_disconnect_by_func (lost, count_changed, &n_lost);
}

/* Runs the main loop until @path is there, for at most ten seconds. */
static void
wait_for_file (const char *path)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (10, set_flag, &timed_out);

  while (!g_file_test (path, G_FILE_TEST_EXISTS) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* The owner's file deleted by another program is not the owner clearing
 * his cells: the store keeps them, announces no change, and puts the
 * whole file back, at its next change or at once from the main loop. */
static void
test_programs_file_removed (Fixture       *fixture,
                            gconstpointer  data)
{
  const char *mine[] = { "0", "1-10", "11+", NULL };
  NileSheetStore *a = fixture->store;
  g_autoptr(NileSheetStore) later = NULL;
  NileSheet *lost = nile_sheet_store_lookup (a, "lost-numbers");
  g_auto(GStrv) jungle = coords (lost, "terrain=jungle", NULL);
  g_auto(GStrv) swamp = coords (lost, "terrain=swamp", NULL);
  g_auto(GStrv) values = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "sheets.json", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  guint n_lost = 0;

  g_assert_true (nile_sheet_store_set_cell (a, "lost-numbers", (const char * const *) jungle, "4", &error));
  g_assert_true (nile_sheet_store_rename_policy (a, "native-attitude", "3", "Trade", &error));
  g_assert_true (nile_sheet_store_set_ranges (a, "negotiation", "gifts", mine, &error));
  g_assert_no_error (error);
  g_signal_connect (lost, "changed", G_CALLBACK (count_changed), &n_lost);

  /* Gone before a change: the change saves all of it, not itself only. */
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_true (nile_sheet_store_set_cell (a, "lost-numbers", (const char * const *) swamp, "5", &error));
  g_assert_no_error (error);
  assert_value (a, "lost-numbers", jungle, "4");
  assert_value (a, "lost-numbers", swamp, "5");
  g_assert_cmpuint (n_lost, ==, 1);
  later = second_program (fixture);
  assert_value (later, "lost-numbers", jungle, "4");
  assert_value (later, "lost-numbers", swamp, "5");
  g_assert_cmpstr (nile_sheet_get_policy_name (nile_sheet_store_lookup (later, "native-attitude"), "3"), ==, "Trade");
  values = axis_values (nile_sheet_store_lookup (later, "negotiation"), 0);
  g_assert_cmpstrv (values, mine);
  g_clear_object (&later);

  /* Gone while the window is open: the window still shows every cell,
   * and the file is back as it was before anything changes. */
  before = owner_file_contents (fixture);
  g_assert_cmpint (g_remove (path), ==, 0);
  wait_for_file (path);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  after = owner_file_contents (fixture);
  g_assert_cmpstr (after, ==, before);
  assert_value (a, "lost-numbers", jungle, "4");
  assert_value (a, "lost-numbers", swamp, "5");
  g_assert_cmpstr (nile_sheet_get_policy_name (nile_sheet_store_lookup (a, "native-attitude"), "3"), ==, "Trade");
  g_assert_cmpuint (n_lost, ==, 1);

  /* Asked to catch up with the file gone, the store does the same. */
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_true (nile_sheet_store_reload (a, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = owner_file_contents (fixture);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (n_lost, ==, 1);

  g_signal_handlers_disconnect_by_func (lost, count_changed, &n_lost);
}

/* With nothing of the owner's to keep, a file gone stays gone, and a
 * program starting then has the shipped sheets, as on a fresh machine. */
static void
test_programs_empty_file_removed (Fixture       *fixture,
                                  gconstpointer  data)
{
  NileSheetStore *a = fixture->store;
  g_autoptr(NileSheetStore) later = NULL;
  NileSheet *lost = nile_sheet_store_lookup (a, "lost-numbers");
  g_auto(GStrv) jungle = coords (lost, "terrain=jungle", NULL);
  g_autofree char *path = g_build_filename (fixture->dir, "sheets.json", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (nile_sheet_store_set_cell (a, "lost-numbers", (const char * const *) jungle, "4", &error));
  g_assert_true (nile_sheet_store_clear_cell (a, "lost-numbers", (const char * const *) jungle, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_true (nile_sheet_store_reload (a, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  later = second_program (fixture);
  assert_value (later, "lost-numbers", jungle, NULL);
}

typedef struct {
  NileSheetStore *store;
  gboolean        done;
  gboolean        saved;
  GError         *error;
} SetCellJob;

/* Another program's change, run beside the test's own thread. */
static gpointer
set_cell_job (gpointer data)
{
  SetCellJob *job = data;
  const char * const at[] = { "2", NULL };

  job->saved = nile_sheet_store_set_cell (job->store, "defeat", at, "C", &job->error);
  g_atomic_int_set (&job->done, TRUE);
  return NULL;
}

/* Holds the owner's file as another program changing it does. */
static int
hold_owner_file (Fixture *fixture)
{
  g_autofree char *path = g_build_filename (fixture->dir, "sheets.json.lock", NULL);
  int fd = g_open (path, O_RDWR | O_CREAT, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (flock (fd, LOCK_EX), ==, 0);
  return fd;
}

/* A change waits while another program saves, and then reads what it
 * saved: the two never write at once. */
static void
test_programs_wait_for_each_other (Fixture       *fixture,
                                   gconstpointer  data)
{
  SetCellJob job = { fixture->store, FALSE, FALSE, NULL };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GThread *thread;
  int fd = hold_owner_file (fixture);

  before = owner_file_contents (fixture);
  thread = g_thread_new ("other-program", set_cell_job, &job);
  g_usleep (G_USEC_PER_SEC / 4);
  g_assert_false (g_atomic_int_get (&job.done));
  after = owner_file_contents (fixture);
  g_assert_cmpstr (after, ==, before);

  g_close (fd, NULL);
  g_thread_join (thread);
  g_assert_no_error (job.error);
  g_assert_true (job.saved);
  g_free (after);
  after = owner_file_contents (fixture);
  g_assert_nonnull (strstr (after, "\"defeat\""));
}

/* Held too long, the change is refused in words, and nothing is lost. */
static void
test_programs_busy_refused (Fixture       *fixture,
                            gconstpointer  data)
{
  SetCellJob job = { fixture->store, FALSE, FALSE, NULL };
  g_autofree char *before = owner_file_contents (fixture);
  g_autofree char *after = NULL;
  int fd = hold_owner_file (fixture);

  set_cell_job (&job);
  g_assert_false (job.saved);
  g_assert_error (job.error, NILE_ERROR, NILE_ERROR_CONFLICT);
  g_assert_cmpstr (job.error->message, ==, "Another program is saving your sheets; nothing was changed, try again");
  g_clear_error (&job.error);
  after = owner_file_contents (fixture);
  g_assert_cmpstr (after, ==, before);
  g_close (fd, NULL);
}

/* The shipped sheets are read in the player's language: their texts are
 * looked up in the "sheet" context (build-aux/sheet-strings.py lists
 * them for translators). */
static void
test_builtin_translated (void)
{
  g_autofree char *catalogue = g_test_build_filename (G_TEST_BUILT, "sheet-fr.mo", NULL);
  g_autofree char *dir = g_dir_make_tmp ("nile-sheets-XXXXXX", NULL);
  g_autofree char *locale_dir = g_build_filename (dir, "locale", NULL);
  g_autofree char *messages = g_build_filename (locale_dir, "fr", "LC_MESSAGES", NULL);
  g_autofree char *installed = g_build_filename (messages, GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *data = NULL;
  g_autofree char *bound = g_strdup (bindtextdomain (GETTEXT_PACKAGE, NULL));
  g_autoptr(NileSheetStore) store = NULL;
  g_autoptr(GError) error = NULL;
  NileSheet *sheet;
  gsize length;

  g_assert_true (g_file_get_contents (catalogue, &data, &length, &error));
  g_assert_cmpint (g_mkdir_with_parents (messages, 0700), ==, 0);
  g_assert_true (g_file_set_contents (installed, data, (gssize) length, &error));
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "fr", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, locale_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  store = nile_sheet_store_new_for_dir (dir, &error);
  g_assert_no_error (error);
  sheet = nile_sheet_store_lookup (store, "native-attitude");
  g_assert_cmpstr (nile_sheet_get_title (sheet), ==, "Attitude des indigènes");
  g_assert_cmpstr (nile_sheet_get_code_meaning (sheet, "F"), ==, "La tribu devient amie de cet explorateur.");
  /* A text the catalogue lacks stays as shipped. */
  g_assert_cmpstr (nile_sheet_get_title (nile_sheet_store_lookup (store, "hunting")), ==, "Hunting");

  /* Bound again, gettext forgets what it looked up. */
  g_unsetenv ("LANGUAGE");
  bindtextdomain (GETTEXT_PACKAGE, bound);
  g_clear_object (&store);
  nile_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/sheets/builtin/shapes", test_builtin_shapes);
  ADD ("/sheets/builtin/known-cells", test_builtin_known_cells);
  ADD ("/sheets/builtin/modifiers", test_builtin_modifiers);
  ADD ("/sheets/coords", test_coords_parsing);
  ADD ("/sheets/owner/needs-cell-then-learned", test_needs_cell_then_learned);
  ADD ("/sheets/owner/set-cell-rejects", test_set_cell_rejects);
  ADD ("/sheets/owner/confirm-and-rename", test_confirm_and_rename);
  ADD ("/sheets/owner/survives-newer-builtins", test_owner_survives_newer_builtins);
  ADD ("/sheets/owner/corrupt-file", test_corrupt_owner_file);
  ADD ("/sheets/owner/unreadable-file", test_unreadable_owner_file);
  ADD ("/sheets/pack/malformed", test_pack_malformed);
  ADD ("/sheets/pack/limits", test_pack_limits);
  ADD ("/sheets/pack/round-trip-and-conflict", test_pack_round_trip_and_conflict);
  ADD ("/sheets/owner/ranges", test_owner_ranges);
  ADD ("/sheets/pack/ranges", test_pack_ranges);
  ADD ("/sheets/owner/changed-signal", test_changed_signal);
  ADD ("/sheets/owner/clear-cell", test_clear_cell);
  ADD ("/sheets/programs/keep-each-others-cells", test_programs_keep_each_others_cells);
  ADD ("/sheets/programs/clear-is-kept", test_programs_clear_is_kept);
  ADD ("/sheets/programs/names-and-ranges", test_programs_names_and_ranges);
  ADD ("/sheets/programs/follow-the-file", test_programs_follow_the_file);
  ADD ("/sheets/programs/damaged-file", test_programs_damaged_file);
  ADD ("/sheets/programs/file-removed", test_programs_file_removed);
  ADD ("/sheets/programs/empty-file-removed", test_programs_empty_file_removed);
  ADD ("/sheets/programs/wait-for-each-other", test_programs_wait_for_each_other);
  ADD ("/sheets/programs/busy-refused", test_programs_busy_refused);
  /* Last: it reads the catalogue into the process. */
  g_test_add_func ("/sheets/translated", test_builtin_translated);

  return g_test_run ();
}
