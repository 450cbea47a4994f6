/* test-cli-roll.c: `nile-ledger roll`, its output and exit statuses
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Discovery Games rolls are named with --edition dg: the default is
 * Avalon Hill wherever that edition has the roll, which table sheets
 * give to several of them.
 */
#include "config.h"

#include <json-glib/json-glib.h>

#include <glib/gstdio.h>

#include "nile-campaign-book.h"
#include "nile-cli.h"
#include "nile-entered-dice.h"
#include "nile-explorer.h"
#include "nile-tribe.h"
#include "nile-turn.h"
#include "nile-roll.h"
#include "nile-test-utils.h"

static GString *captured_out;
static GString *captured_err;
static char *data_home;

static void
capture_out (const char *text)
{
  /* Test mode prints log messages as TAP comments ("# …") through the
   * print handler captured here; they are not the command's output. */
  if (g_str_has_prefix (text, "# "))
    return;
  g_string_append (captured_out, text);
}

static void
capture_err (const char *text)
{
  g_string_append (captured_err, text);
}

/* Runs `nile-ledger LINE` in this process, capturing what it prints. */
static int
run_line (const char  *command_line,
          char       **out,
          char       **err)
{
  g_autofree char *line = g_strconcat ("nile-ledger ", command_line, NULL);
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) error = NULL;
  GPrintFunc old_out, old_err;
  int argc, status;

  g_shell_parse_argv (line, &argc, &argv, &error);
  g_assert_no_error (error);

  captured_out = g_string_new (NULL);
  captured_err = g_string_new (NULL);
  old_out = g_set_print_handler (capture_out);
  old_err = g_set_printerr_handler (capture_err);

  status = nile_cli_run (argc, argv);

  /* The caller's vector is left as it was. */
  g_assert_cmpuint (g_strv_length (argv), ==, (guint) argc);

  g_set_print_handler (old_out);
  g_set_printerr_handler (old_err);
  *out = g_string_free (captured_out, FALSE);
  *err = g_string_free (captured_err, FALSE);
  return status;
}

/* Runs `nile-ledger roll ARGS` in this process, capturing what it
 * prints. */
static int
run_roll (const char  *args,
          char       **out,
          char       **err)
{
  g_autofree char *line = g_strconcat ("roll ", args, NULL);

  return run_line (line, out, err);
}

static void
assert_roll (const char *args,
             int         status,
             const char *out_pattern,
             const char *err_pattern)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (run_roll (args, &out, &err), ==, status);
  if (out_pattern != NULL && !g_pattern_match_simple (out_pattern, out))
    g_error ("roll %s: stdout “%s” does not match “%s”", args, out, out_pattern);
  if (err_pattern != NULL && !g_pattern_match_simple (err_pattern, err))
    g_error ("roll %s: stderr “%s” does not match “%s”", args, err, err_pattern);
}

static void
test_roll_text (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (run_roll ("native-attitude --edition dg --distance 3 --policy 4 --askaris 0 --no-muskets "
                             "--dice 4,4,3", &out, &err), ==, NILE_CLI_EXIT_OK);
  g_assert_cmpstr (err, ==, "");

  lines = g_strsplit (g_strchomp (out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >=, 2);
  g_assert_cmpuint (g_strv_length (lines), <=, 4);
  g_assert_cmpstr (lines[0], ==, "Native Attitude (Discovery Games): hostile");
  g_assert_cmpstr (lines[1], ==, "Hostile: 3d6 = 11 beats 10 (DG, Encounter the Natives)");
  g_assert_true (g_str_has_prefix (lines[2], "Dice: 4,4,3; distance to port +3"));
}

static JsonObject *
roll_json (const char *args,
           JsonParser *parser)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (run_roll (args, &out, &err), ==, NILE_CLI_EXIT_OK);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_roll_json (void)
{
  static const char * const fields[] = {
    "roll", "edition", "dice", "total", "outcome", "modifiers", "cell", "effects", "steps", "text",
  };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object =
    roll_json ("combat --askaris 10 --natives 30 --armed --charge --dice 1,4,2,2,3,5,3,1,3 --json", parser);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    g_assert_true (json_object_has_member (object, fields[i]));
  g_assert_cmpstr (json_object_get_string_member (object, "roll"), ==, "combat");
  g_assert_cmpstr (json_object_get_string_member (object, "edition"), ==, "dg");
  g_assert_cmpstr (json_object_get_string_member (object, "outcome"), ==, "victory");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "dice")), ==, 9);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "steps")), ==, 5);
  g_assert_cmpint (json_object_get_int_member (object, "askaris_left"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (object, "natives_left"), ==, 11);
  g_assert_true (json_object_get_null_member (object, "cell"));
  g_assert_true (json_object_get_null_member (object, "total"));
}

static void
test_roll_default_edition (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object = roll_json ("poison --dice 4 --json", parser);

  /* Both editions have it: Avalon Hill first. */
  g_assert_cmpstr (json_object_get_string_member (object, "edition"), ==, "ah");
  g_assert_cmpstr (json_object_get_string_member (object, "text"), ==, "No poison: 4 (R 14.83)");

  object = roll_json ("poison --edition dg --house-poison-36 --dice 1,1 --json", parser);
  g_assert_cmpstr (json_object_get_string_member (object, "edition"), ==, "dg");
  g_assert_cmpstr (json_object_get_string_member (object, "outcome"), ==, "explorer-dies");
  g_assert_true (json_object_get_boolean_member (object, "explorer_dies"));
}

/* A negative number after an option is its value, not an option. */
static void
test_roll_negative_value (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object = roll_json ("escape --edition dg --attitude -3 --dice 6 --json", parser);

  g_assert_cmpint (json_object_get_int_member (object, "total"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (object, "outcome"), ==, "explorer-dies");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (object, "inputs"), "attitude"), ==, -3);
}

static void
test_roll_seed (void)
{
  g_autofree char *first = NULL, *second = NULL, *err = NULL;

  g_assert_cmpint (run_roll ("turn-order --players 5 --seed 1979 --json", &first, &err), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_roll ("turn-order --players 5 --seed 1979 --json", &second, &err), ==, 0);
  g_assert_cmpstr (first, ==, second);
  g_assert_true (g_pattern_match_simple ("*\"order\" : [*", first));
}

static void
test_roll_bad_input (void)
{
  static const struct {
    const char *args;
    const char *err;
  } cases[] = {
    { "oasis --dice 3,7", "nile-ledger: Die 2 is “7”: a die shows 1 to 6\n" },
    { "oasis --dice x", "nile-ledger: Die 1 is “x”: a die shows 1 to 6\n" },
    /* An empty value is a die left out, not a separator to pass over. */
    { "oasis --dice=3,,4", "nile-ledger: Die 2 is missing from “3,,4”: each comma goes between two dice\n" },
    { "oasis --dice=4,", "nile-ledger: Die 2 is missing from “4,”: each comma goes between two dice\n" },
    { "native-attitude --edition dg --distance 3 --policy 4 --askaris 0 --dice 3,4",
      "nile-ledger: Native Attitude uses 3 dice; 2 were given\n" },
    { "native-attitude --edition dg --distance 3 --policy 4 --askaris 0 --dice 3,4,5,6",
      "nile-ledger: Native Attitude uses 3 dice; 4 were given\n" },
    { "native-attitude --edition dg --distance 3 --askaris 0",
      "nile-ledger: Native Attitude needs --policy (“The native policy chosen, 1 to 5”)\n" },
    { "native-attitude --edition dg --distance 3 --policy 9 --askaris 0",
      "nile-ledger: --policy must be 1 to 5 for Native Attitude; 9 was given\n" },
    { "native-attitude --edition dg --distance 3 --policy four --askaris 0",
      "nile-ledger: --policy needs a whole number, not “four”\n" },
    { "looting --size small --zoologist --policy 2",
      "nile-ledger: Looting (Avalon Hill) does not take --zoologist, --policy; "
      "it takes: --size --desert --river\n" },
    { "cataract --terrain forest",
      "nile-ledger: --terrain “forest” is not one of: desert, veldt, lake, swamp, jungle, "
      "mountains, jungle-swamp, jungle-mountain\n" },
    { "oasis --edition ah", "nile-ledger: Oasis is in the Discovery Games rules only; "
      "the Avalon Hill rules have no such roll\n" },
    { "oasis --edition xx", "nile-ledger: --edition “xx” is not one of: ah, dg\n" },
    { "oasis --dice 3 --seed 4", "nile-ledger: Give either --dice or --seed, not both\n" },
    { "oasis --seed -4", "nile-ledger: --seed needs a whole number from 0 to 4294967295, not “-4”\n" },
    { "sail-to-zanzibar", "nile-ledger: There is no roll “sail-to-zanzibar”; “roll --list” shows them\n" },
    { "", "nile-ledger: Name one roll, or use “roll --list” to see them\n" },
    { "oasis cache", "nile-ledger: Name only one roll at a time\n" },
    /* "--" ends the options; it is not a roll. */
    { "-- -x", "nile-ledger: There is no roll “-x”; “roll --list” shows them\n" },
    { "oasis --frobnicate", "nile-ledger: Unknown option --frobnicate\n" },
    { "natives-present --edition dg --terrain desert --river --oasis --dice 4,3",
      "nile-ledger: An oasis is found only in a desert hex without a river (R 10.51)\n" },
    { "hunting --edition dg --hunters 2 --river --oasis --dice 4,3",
      "nile-ledger: An oasis is found only in a desert hex without a river (R 10.51)\n" },
    { "combat --askaris 3 --natives 9", "nile-ledger: Combat needs a charge or an ambush, "
      "as Hostile Action decided\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (run_roll (cases[i].args, &out, &err), ==, NILE_CLI_EXIT_BAD_INPUT);
      g_assert_cmpstr (out, ==, "");
      g_assert_cmpstr (err, ==, cases[i].err);
    }
}

static void
test_roll_list (void)
{
  const NileRollSpec *specs;
  guint n_specs;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *array;

  specs = nile_roll_get_all (&n_specs);

  g_assert_cmpint (run_roll ("--list", &out, &err), ==, NILE_CLI_EXIT_OK);
  for (guint i = 0; i < n_specs; i++)
    {
      g_autofree char *pattern = g_strdup_printf ("*%s *", specs[i].name);

      g_assert_true (g_pattern_match_simple (pattern, out));
    }
  g_assert_true (g_pattern_match_simple ("*poison * ah+dg *", out));

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_roll ("--list --json", &out, &err), ==, NILE_CLI_EXIT_OK);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  array = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (array), ==, n_specs);
  {
    JsonObject *first = json_array_get_object_element (array, 0);
    JsonObject *inputs = json_object_get_object_member (first, "inputs");

    g_assert_cmpstr (json_object_get_string_member (first, "name"), ==, specs[0].name);
    g_assert_true (json_object_has_member (first, "summary"));
    g_assert_true (json_object_has_member (first, "editions"));
    g_assert_true (json_object_has_member (first, "completion"));
    g_assert_true (json_object_has_member (inputs, "dg"));
  }
}

static void
test_roll_help (void)
{
  if (g_test_subprocess ())
    {
      char *argv[] = { (char *) "nile-ledger", (char *) "roll", (char *) "looting", (char *) "--help", NULL };

      exit (nile_cli_run (4, argv));
    }

  /* GOption prints the help and exits by itself: run it apart. */
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*--dice=3,4,5*Looting: What looting a native village finds*"
                             "Avalon Hill (--edition ah, R 16.43):*--size=NAME*(needed)*--river*");
}

static void
test_roll_alias (void)
{
  assert_roll ("tribe-size --edition dg --distance 3 --dice 6,6,2", NILE_CLI_EXIT_OK,
               "Native Strength (Discovery Games): natives\n36 natives: 3 × 6 × 2*", "");
}

static void
apply_op (NileCampaign *campaign,
          const char   *operation,
          const char   *params)
{
  g_autoptr(GError) error = NULL;

  nile_campaign_apply (campaign, operation, g_variant_new_parsed (params), &error);
  g_assert_no_error (error);
}

/* A new campaign at @path played by @settings (set-campaign's
 * parameters, or NULL for a new campaign's own: Game II, Avalon Hill):
 * Anna's Burton, a @specialty, waiting at Zanzibar. */
static NileCampaign *
create_burtons_campaign (const char *path,
                         const char *settings,
                         const char *specialty)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *explorer = g_strdup_printf ("{'player': <'Anna'>, 'name': <'Burton'>, 'specialty': <'%s'>,"
                                               " 'port': <'Zanzibar'>}", specialty);
  NileCampaign *campaign = nile_campaign_create (path, &error);

  g_assert_no_error (error);
  if (settings != NULL)
    apply_op (campaign, "set-campaign", settings);
  apply_op (campaign, "add-player", "{'name': <'Anna'>}");
  apply_op (campaign, "new-explorer", explorer);
  return campaign;
}

/* --apply writes the result into a campaign in one change, by the
 * campaign's own rules and house rules. */
static void
test_roll_apply (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-apply-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "c.nile", NULL);
  g_autofree char *args = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(NileExplorer) explorer = NULL;
  g_autoptr(NileTribe) tribe = NULL;

  g_assert_no_error (error);
  campaign = create_burtons_campaign (path, "{'edition': <'dg'>, 'poison-one-in-36': <true>}", "zoology");
  apply_op (campaign, "set-makeup", "{'player': <'Anna'>, 'askaris': <int64 10>, 'explorer_armed': <true>}");
  apply_op (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  apply_op (campaign, "add-tribe", "{'counter': <int64 7>, 'hex': <'C5'>, 'natives': <int64 30>}");
  g_clear_object (&campaign);

  /* The DG combat of rulings.md, with no --edition: the campaign's. */
  args = g_strdup_printf ("combat --askaris 10 --natives 30 --armed --charge --dice 1,4,2,2,3,5,3,1,3"
                          " --apply %s --player Anna", path);
  assert_roll (args, 0, "*Applied: *askaris 10 → 3; tribe 7 loses 19 warriors (30 → 11)*", "");
  g_clear_pointer (&args, g_free);

  /* Two ones under the 1-in-36 house rule: the only poisoning. */
  args = g_strdup_printf ("poison --dice 1,2 --apply %s --player Anna", path);
  assert_roll (args, 0, "*not both 1*Nothing to apply*", "");
  g_clear_pointer (&args, g_free);

  /* A value that is not UTF-8, after the option or joined to it. */
  assert_roll ("lost --terrain ve\xffldt --seed 1", 2, "", "nile-ledger: --terrain takes text in UTF-8\n");
  assert_roll ("lost --terrain=ve\xffldt --seed 1", 2, "", "nile-ledger: --terrain takes text in UTF-8\n");

  /* A player not in the campaign is refused before the dice, even for
   * a result that would have changed nothing. */
  args = g_strdup_printf ("poison --dice 1,2 --apply %s --player Anya", path);
  assert_roll (args, 2, "", "*no player called “Anya”*");
  g_clear_pointer (&args, g_free);

  args = g_strdup_printf ("cache --dice 1 --apply %s", path);
  assert_roll (args, 2, "", "*--player*");
  g_clear_pointer (&args, g_free);
  assert_roll ("cache --dice 1 --tribe 3", 2, "", "*--apply*");

  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  book = nile_campaign_book_new (campaign);
  explorer = g_list_model_get_item (nile_campaign_book_get_explorers (book), 0);
  g_assert_cmpint (nile_explorer_get_expedition (explorer)->askaris, ==, 3);
  tribe = g_list_model_get_item (nile_campaign_book_get_tribes (book), 0);
  g_assert_cmpint (nile_tribe_get_natives (tribe), ==, 11);
  g_clear_object (&book);
  g_clear_object (&campaign);

  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *child = g_build_filename (dir, name, NULL);

        g_remove (child);
      }
  }
  g_rmdir (dir);
}

/* An option of --apply that the roll does not read, or a choice it does
 * not know, is refused before a die is thrown, and so is an edition
 * other than the campaign's: a typo must not pass for a choice made. */
static void
test_roll_apply_options_checked (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-apply-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "c.nile", NULL);
  g_autoptr(NileCampaign) campaign = NULL;
  static const struct {
    const char *roll;
    const char *words;
  } cases[] = {
    { "lost --terrain jungle --dice 1 --prisoners keep", "*--prisoners means nothing to the lost roll*" },
    { "lost --terrain jungle --dice 1 --tribe 9", "*--tribe means nothing to the lost roll*" },
    { "lost --terrain jungle --dice 1 --edition dg", "*--edition dg does not fit this campaign*ah rules*" },
    { "poison --dice 3 --prisoners eat", "*--prisoners “eat” is not one of: keep, release, held*" },
    { "poison --dice 3 --recovering nobody", "*--recovering “nobody” is not one of*" },
    /* Numbers are read in base ten, as do's are: no octal, no hex. */
    { "poison --dice 3 --tribe 0x0A", "*--tribe takes a whole number of 1 or more, not “0x0A”*" },
    { "poison --dice 3 --cache -1", "*--cache takes a whole number of 1 or more, not “-1”*" },
  };
  guint n_lines;

  g_assert_no_error (error);
  campaign = create_burtons_campaign (path, NULL, "journalist");
  apply_op (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  n_lines = g_list_model_get_n_items (nile_campaign_get_log (campaign));
  g_clear_object (&campaign);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *args = g_strdup_printf ("%s --apply %s --player Anna", cases[i].roll, path);

      assert_roll (args, 2, "", cases[i].words);
    }

  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (nile_campaign_get_log (campaign)), ==, n_lines);
  g_clear_object (&campaign);
  nile_test_remove_tree (dir);
}

/* A cache roll's result as the log keeps it, for `do apply-roll`. */
static char *
cache_roll_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileDiceSource) dice = nile_entered_dice_new_from_string ("1", &error);
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GVariant) variant = NULL;

  g_assert_no_error (error);
  result = nile_roll_run (nile_roll_lookup ("cache"), NILE_EDITION_DG, NULL, dice, NULL, &error);
  g_assert_no_error (error);
  variant = g_variant_ref_sink (nile_roll_result_to_variant (result));
  return g_variant_print (variant, TRUE);
}

/* When the book can't tell which tribe, cache or sick person a roll
 * meant, the refusal names the option that says it: --tribe, --cache and
 * --recovering for `roll --apply`, tribe=… and the like for `do`. */
static void
test_roll_apply_asks (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-apply-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "c.nile", NULL);
  g_autofree char *args = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *roll = NULL;
  g_autofree char *quoted = NULL;
  g_autoptr(NileCampaign) campaign = NULL;

  g_assert_no_error (error);
  campaign = create_burtons_campaign (path, "{'edition': <'dg'>}", "zoology");
  apply_op (campaign, "set-makeup", "{'player': <'Anna'>, 'askaris': <int64 10>, 'explorer_armed': <true>,"
            " 'gifts': <int64 10>, 'explorer_sick': <true>, 'sick_bearers': <int64 1>, 'bearers': <int64 5>}");
  apply_op (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  apply_op (campaign, "add-tribe", "{'counter': <int64 7>, 'hex': <'C5'>, 'natives': <int64 30>}");
  apply_op (campaign, "add-tribe", "{'counter': <int64 8>, 'hex': <'C5'>, 'natives': <int64 5>}");
  apply_op (campaign, "cache", "{'player': <'Anna'>, 'gifts': <int64 1>}");
  apply_op (campaign, "cache", "{'player': <'Anna'>, 'gifts': <int64 1>}");
  g_clear_object (&campaign);

  args = g_strdup_printf ("combat --askaris 10 --natives 30 --armed --charge --dice 1,4,2,2,3,5,3,1,3"
                          " --apply %s --player Anna", path);
  assert_roll (args, 2, NULL, "nile-ledger: Combat changes a tribe, and several live at C5: say which by its"
               " native counter (give --tribe N)\n");
  g_clear_pointer (&args, g_free);

  args = g_strdup_printf ("cache --dice 1 --apply %s --player Anna", path);
  assert_roll (args, 2, NULL, "nile-ledger: Anna has 2 caches hidden at C5: say which was dug for, by its"
               " number (give --cache N)\n");
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("cache --dice 1 --apply %s --player Anna --cache 2", path);
  assert_roll (args, 0, "*Applied: *", "");
  g_clear_pointer (&args, g_free);

  g_assert_cmpint (run_line ("sheet set dg-recovery roll=1 R", &out, &err), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  args = g_strdup_printf ("recovery --sick 1 --dice 1 --apply %s --player Anna", path);
  assert_roll (args, 2, NULL, "nile-ledger: Say whose sickness was rolled for: the explorer, bearers, guides or"
               " askaris (give --recovering WHO)\n");
  g_clear_pointer (&args, g_free);

  /* `do` gives apply-roll's choices as it gives every parameter. */
  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  apply_op (campaign, "cache", "{'player': <'Anna'>, 'gifts': <int64 1>}");
  g_clear_object (&campaign);
  roll = cache_roll_text ();
  quoted = g_shell_quote (roll);
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("do %s apply-roll player=Anna roll=%s", path, quoted);
  g_assert_cmpint (run_line (args, &out, &err), ==, 2);
  g_assert_cmpstr (err, ==, "nile-ledger: Anna has 2 caches hidden at C5: say which was dug for, by its number"
                   " (give cache=…)\n");

  /* A roll record typed by hand is bad input, not a damaged file: the
   * file is whole, and stays as it was. */
  {
    static const char * const records[] = {
      "apply-roll player=Anna roll=\"{'roll': <'cache'>}\"",
      "turn-roll player=Anna roll=\"{'roll': <'hunting'>, 'dice': <[99]>}\"",
      "escape-roll player=Anna roll=\"{'a': <1>}\"",
      "recovery-roll player=Anna roll=\"@a{sv} {}\"",
    };
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
    for (guint i = 0; i < G_N_ELEMENTS (records); i++)
      {
        g_clear_pointer (&out, g_free);
        g_clear_pointer (&err, g_free);
        g_clear_pointer (&args, g_free);
        args = g_strdup_printf ("do %s %s", path, records[i]);
        g_assert_cmpint (run_line (args, &out, &err), ==, 2);
        g_assert_nonnull (strstr (err, "“roll” is not a roll result Nile Ledger can read"));
      }
    g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
    g_assert_cmpstr (before, ==, after);
  }

  nile_test_remove_tree (dir);
}

/* A campaign of one player, Anna, whose Burton (DG) stands at C5 with
 * 10 askaris, 5 bearers of whom 2 are sick, and a tribe of 30; the
 * caller removes @dir. */
static char *
make_turn_campaign (const char *dir)
{
  g_autoptr(NileCampaign) campaign = NULL;
  char *path = g_build_filename (dir, "c.nile", NULL);

  campaign = create_burtons_campaign (path, "{'edition': <'dg'>}", "zoology");
  apply_op (campaign, "set-makeup", "{'player': <'Anna'>, 'askaris': <int64 10>, 'explorer_armed': <true>,"
            " 'bearers': <int64 5>, 'sick_bearers': <int64 2>}");
  apply_op (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  apply_op (campaign, "add-tribe", "{'counter': <int64 7>, 'hex': <'C5'>, 'natives': <int64 30>}");
  return path;
}

/* The steps of Anna's turn in the campaign at @path, and how long its
 * log is. */
static GHashTable *
turn_steps (const char *path,
            guint      *n_log)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileCampaign) campaign = nile_campaign_open (path, &error);
  GHashTable *steps;

  g_assert_no_error (error);
  steps = nile_turn_get_steps (campaign, "Anna", &error);
  g_assert_no_error (error);
  *n_log = g_list_model_get_n_items (nile_campaign_get_log (campaign));
  return steps;
}

/* --apply writes a roll made as a step of the turn as the Turn page's
 * window does: what it brought and the step, in one change. A recovery
 * roll where both sick bearers stay sick still writes the roll made. */
static void
test_roll_apply_turn_step (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-apply-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *args = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GHashTable) steps = NULL;
  guint n_log, n_before;

  g_assert_no_error (error);
  path = make_turn_campaign (dir);
  g_assert_cmpint (run_line ("sheet set dg-recovery roll=1 R", &out, &err), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_line ("sheet set dg-recovery roll=6 S", &out, &err), ==, 0);

  steps = turn_steps (path, &n_before);
  g_clear_pointer (&steps, g_hash_table_unref);
  args = g_strdup_printf ("recovery --sick 1 --dice 1 --apply %s --player Anna --recovering bearers", path);
  assert_roll (args, 0, "*Applied: *Anna, turn 1: recovery rolls of sick bearers done (1 recovered)\n", "");
  g_clear_pointer (&args, g_free);
  steps = turn_steps (path, &n_log);
  g_assert_cmpuint (n_log, ==, n_before + 1);
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-bearers"), ==, "recovered:1 died:0 sick:0");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* Left out, the sick are whoever alone is sick, as apply-roll had it;
   * staying sick is written down too, not "nothing to apply". */
  args = g_strdup_printf ("recovery --sick 1 --dice 6 --apply %s --player Anna", path);
  assert_roll (args, 0, "*Applied: Anna, turn 1: recovery rolls of sick bearers done (1 recovered, 1 still sick)\n",
               "");
  g_clear_pointer (&args, g_free);
  steps = turn_steps (path, &n_log);
  g_assert_cmpuint (n_log, ==, n_before + 2);
  g_assert_cmpstr (g_hash_table_lookup (steps, "recovery-bearers"), ==, "recovered:1 died:0 sick:1");
  g_clear_pointer (&steps, g_hash_table_unref);

  /* A Lost check that keeps the way changes nothing but the step: it is
   * the movement step, noted with the roll in words. */
  args = g_strdup_printf ("lost --terrain veldt --dice 6 --apply %s --player Anna", path);
  assert_roll (args, 0, "*Applied: *Anna, turn 1: movement done (*)\n", "");
  g_clear_pointer (&args, g_free);
  steps = turn_steps (path, &n_log);
  g_assert_cmpuint (n_log, ==, n_before + 3);
  g_assert_true (g_hash_table_contains (steps, "movement"));
  g_clear_pointer (&steps, g_hash_table_unref);

  nile_test_remove_tree (dir);
}

/* Applied to a campaign, a roll takes from the books what the window's
 * roll panels take (the explorer's askaris, his distance from port, the
 * activity level chosen this turn, the terrain of his hex …):
 * what is typed wins, and a value the roll would refuse (a distance not
 * yet known, 0) is asked for as before. */
static void
test_roll_apply_reads_the_books (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-apply-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *args = NULL;
  g_autoptr(NileCampaign) campaign = NULL;

  g_assert_no_error (error);
  path = make_turn_campaign (dir);

  /* 10 askaris, 1 hex from port: nothing else to type but the policy. */
  args = g_strdup_printf ("native-attitude --policy 2 --dice 6,6,6 --apply %s --player Anna --tribe 7", path);
  assert_roll (args, 0, "*Dice: 6,6,6; distance to port +1, native policy +2\n*Applied: Hostile: 3d6 = 18 beats 3 *",
               "");
  g_clear_pointer (&args, g_free);

  /* Typed, the askaris are as typed. */
  args = g_strdup_printf ("native-attitude --policy 4 --askaris 0 --dice 1,1,1 --apply %s --player Anna --tribe 7",
                          path);
  assert_roll (args, 0, "*Dice: 1,1,1; distance to port +1, native policy +4, no askaris +2\n*", "");
  g_clear_pointer (&args, g_free);

  /* AH: the activity level chosen this turn, as the Turn page gives it. */
  {
    g_autofree char *ah_path = g_build_filename (dir, "ah.nile", NULL);
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    campaign = create_burtons_campaign (ah_path, NULL, "explorer");
    apply_op (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
    g_clear_object (&campaign);
    args = g_strdup_printf ("lost --terrain swamp --dice 6 --json --apply %s --player Anna", ah_path);
    g_assert_cmpint (run_roll (args, &out, &err), ==, 0);
    g_assert_null (strstr (out, "\"activity\""));
    g_clear_pointer (&args, g_free);
    campaign = nile_campaign_open (ah_path, &error);
    g_assert_no_error (error);
    apply_op (campaign, "turn-step", "{'player': <'Anna'>, 'step': <'activity'>, 'value': <'reckless'>}");
    g_clear_object (&campaign);
    args = g_strdup_printf ("lost --terrain swamp --dice 6 --json --apply %s --player Anna", ah_path);
    assert_roll (args, 0, "*\"activity\" : \"reckless\"*", "");
    g_clear_pointer (&args, g_free);

    /* The hex he is in, once mapped, is the one a Lost roll leaves. */
    campaign = nile_campaign_open (ah_path, &error);
    g_assert_no_error (error);
    apply_op (campaign, "record-hex", "{'player': <'Anna'>, 'hex': <'C5'>, 'terrain': <'jungle'>, 'vp': <int64 1>}");
    g_clear_object (&campaign);
    args = g_strdup_printf ("lost --dice 6 --json --apply %s --player Anna", ah_path);
    assert_roll (args, 0, "*\"terrain\" : \"jungle\"*", "");
    g_clear_pointer (&args, g_free);
    args = g_strdup_printf ("lost --terrain swamp --dice 6 --json --apply %s --player Anna", ah_path);
    assert_roll (args, 0, "*\"terrain\" : \"swamp\"*", "");
    g_clear_pointer (&args, g_free);
  }

  /* Recovery for the sick bearers alone, as the Turn page rolls it: two
   * dice, not one for the sick guide too. */
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (run_line ("sheet set dg-recovery roll=1 R", &out, &err), ==, 0);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_line ("sheet set dg-recovery roll=6 S", &out, &err), ==, 0);
  }
  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  apply_op (campaign, "set-makeup", "{'player': <'Anna'>, 'guides': <int64 1>, 'sick_guides': <int64 1>}");
  g_clear_object (&campaign);
  args = g_strdup_printf ("recovery --dice 1,6 --apply %s --player Anna --recovering bearers", path);
  assert_roll (args, 0, "*Applied: *recovery rolls of sick bearers done (1 recovered, 1 still sick)\n", "");
  g_clear_pointer (&args, g_free);

  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  apply_op (campaign, "move", "{'player': <'Anna'>, 'distance': <int64 0>}");
  g_clear_object (&campaign);
  args = g_strdup_printf ("native-attitude --policy 2 --dice 6,6,6 --apply %s --player Anna --tribe 7", path);
  assert_roll (args, 2, "", "nile-ledger: Native Attitude needs --distance (“Hexes from here to the nearest port”)\n");

  nile_test_remove_tree (dir);
}

/* The captive's escape roll: his fate and the attempt, one change. */
static void
test_roll_apply_escape (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-apply-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *args = NULL;
  g_autoptr(GHashTable) steps = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  guint n_log, n_before;

  g_assert_no_error (error);
  path = make_turn_campaign (dir);
  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  apply_op (campaign, "move", "{'player': <'Anna'>, 'status': <'captive'>}");
  /* The first attempt is the turn after the capture (R 15.3). */
  apply_op (campaign, "end-turn", "{'player': <'Anna'>}");
  g_clear_object (&campaign);

  steps = turn_steps (path, &n_before);
  g_clear_pointer (&steps, g_hash_table_unref);
  args = g_strdup_printf ("escape --dice 5 --apply %s --player Anna", path);
  assert_roll (args, 0, "*Applied: *Anna, turn 2: escape attempt done (*)\n", "");
  steps = turn_steps (path, &n_log);
  g_assert_cmpuint (n_log, ==, n_before + 1);
  g_assert_true (g_hash_table_contains (steps, "escape"));

  nile_test_remove_tree (dir);
}

/* A refusal of roll --apply advises its own options, --prisoners keep,
 * not the settings of `do`. */
static void
test_roll_apply_advises_options (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-apply-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *args = NULL;

  g_assert_no_error (error);
  path = make_turn_campaign (dir);
  args = g_strdup_printf ("victory --askaris 10 --policy 2 --natives 30 --dice 2,6,6 --apply %s --player Anna", path);
  assert_roll (args, 2, NULL, "nile-ledger: The roll took 8 prisoners: give --prisoners keep (as bearers)"
               " or --prisoners release\n");
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("victory --askaris 10 --policy 2 --natives 30 --dice 2,6,6 --apply %s --player Anna"
                          " --prisoners keep", path);
  assert_roll (args, 0, "*Applied: *", "");

  nile_test_remove_tree (dir);
}

/* AH defeat, E2 (R 15.21–15.23): without --escapes-with the roll is
 * refused and names the option; with it he keeps two bearers and what
 * they carry (2 of 10 bearers: 8 of 40 rations, 4 of 20 gifts). */
static void
test_roll_apply_defeat_escape (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-apply-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "c.nile", NULL);
  g_autofree char *args = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(NileExplorer) explorer = NULL;
  const NileExpedition *makeup;

  g_assert_no_error (error);
  campaign = create_burtons_campaign (path, NULL, "journalist");
  apply_op (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  apply_op (campaign, "set-makeup", "{'player': <'Anna'>, 'bearers': <int64 10>, 'guides': <int64 1>,"
            " 'askaris': <int64 4>, 'rations': <int64 40>, 'gifts': <int64 20>}");
  g_clear_object (&campaign);

  g_assert_cmpint (run_line ("sheet set defeat roll=3 E2", &out, &err), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* A journalist's defeat is news of the tribe he fought (R 24.3). */
  args = g_strdup_printf ("defeat --dice 3 --apply %s --player Anna --escapes-with bearers:2", path);
  assert_roll (args, 2, NULL, "nile-ledger: Burton’s news needs the tribe he fought, and the book has none at C5:"
               " record the tribe, or say which it is by its native counter (R 24.4) (give --tribe N)\n");
  g_clear_pointer (&args, g_free);
  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  apply_op (campaign, "add-tribe", "{'counter': <int64 3>, 'hex': <'C5'>, 'size': <'small'>}");
  g_clear_object (&campaign);

  args = g_strdup_printf ("defeat --dice 3 --apply %s --player Anna", path);
  assert_roll (args, 2, NULL, "nile-ledger: Burton escapes with 2 members of his choice (R 15.21): say which"
               " in escapes-with (give --escapes-with KIND:N)\n");
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("defeat --dice 3 --apply %s --player Anna --escapes-with 'guides:2'", path);
  assert_roll (args, 2, NULL, "*He cannot escape with 2 guides: the expedition has 1*");
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("defeat --dice 3 --apply %s --player Anna --escapes-with bearers:2", path);
  assert_roll (args, 0, "*Applied: *Burton loses a battle with tribe 3; +2 VP unpublished for the news (R 24); "
               "Burton escapes with bearers 2 (R 15.21–15.23); the rest is lost: *", "");

  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  book = nile_campaign_book_new (campaign);
  explorer = g_list_model_get_item (nile_campaign_book_get_explorers (book), 0);
  makeup = nile_explorer_get_expedition (explorer);
  g_assert_cmpint (makeup->bearers, ==, 2);
  g_assert_cmpint (makeup->rations, ==, 8);
  g_assert_cmpint (makeup->gifts, ==, 4);
  g_assert_cmpint (makeup->guides, ==, 0);
  g_assert_cmpint (makeup->askaris, ==, 0);
  g_clear_object (&explorer);
  g_clear_object (&book);
  g_clear_object (&campaign);

  nile_test_remove_tree (dir);
}

/* An AH journalist's fight applied from its roll, the tribe in his hex
 * not named, is news of it: a win +1 VP, once per tribe (R 24.2, 24.4). */
static void
test_roll_apply_fight_news (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-apply-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "c.nile", NULL);
  g_autofree char *args = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(NileExplorer) explorer = NULL;

  g_assert_no_error (error);
  campaign = create_burtons_campaign (path, NULL, "journalist");
  apply_op (campaign, "set-out", "{'player': <'Anna'>, 'hex': <'C5'>}");
  apply_op (campaign, "set-makeup", "{'player': <'Anna'>, 'askaris': <int64 2>, 'bearers': <int64 2>}");
  apply_op (campaign, "add-tribe", "{'counter': <int64 5>, 'hex': <'C5'>, 'size': <'small'>}");
  g_clear_object (&campaign);

  g_assert_cmpint (run_line ("sheet set native-attack fighters=2 size=small roll=9 W", &out, &err), ==, 0);
  args = g_strdup_printf ("native-attack --askaris 2 --size small --policy 1 --dice 4,5 --apply %s --player Anna",
                          path);
  assert_roll (args, 0, "*Applied: *; Burton wins a battle with tribe 5; +1 VP unpublished for the news (R 24)\n",
               "");

  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  book = nile_campaign_book_new (campaign);
  explorer = g_list_model_get_item (nile_campaign_book_get_explorers (book), 0);
  g_assert_cmpint (nile_explorer_get_vp_unpublished (explorer), ==, 1);
  g_clear_object (&explorer);
  g_clear_object (&book);
  g_clear_object (&campaign);

  nile_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* The owner's table sheets are this test's own, never the
   * developer's: set before anything asks GLib for the folder, and
   * kept for the subprocesses the test runs. */
  data_home = g_strdup (g_getenv ("NILE_TEST_DATA_HOME"));
  if (data_home == NULL)
    {
      data_home = g_dir_make_tmp ("nile-cli-roll-XXXXXX", NULL);
      g_setenv ("NILE_TEST_DATA_HOME", data_home, TRUE);
    }
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/roll/text", test_roll_text);
  g_test_add_func ("/cli/roll/json", test_roll_json);
  g_test_add_func ("/cli/roll/default-edition", test_roll_default_edition);
  g_test_add_func ("/cli/roll/seed", test_roll_seed);
  g_test_add_func ("/cli/roll/negative-value", test_roll_negative_value);
  g_test_add_func ("/cli/roll/bad-input", test_roll_bad_input);
  g_test_add_func ("/cli/roll/list", test_roll_list);
  g_test_add_func ("/cli/roll/alias", test_roll_alias);
  g_test_add_func ("/cli/roll/help", test_roll_help);
  g_test_add_func ("/cli/roll/apply", test_roll_apply);
  g_test_add_func ("/cli/roll/apply-options-checked", test_roll_apply_options_checked);
  g_test_add_func ("/cli/roll/apply-asks", test_roll_apply_asks);
  g_test_add_func ("/cli/roll/apply-turn-step", test_roll_apply_turn_step);
  g_test_add_func ("/cli/roll/apply-reads-the-books", test_roll_apply_reads_the_books);
  g_test_add_func ("/cli/roll/apply-escape", test_roll_apply_escape);
  g_test_add_func ("/cli/roll/apply-advises-options", test_roll_apply_advises_options);
  g_test_add_func ("/cli/roll/apply-defeat-escape", test_roll_apply_defeat_escape);
  g_test_add_func ("/cli/roll/apply-fight-news", test_roll_apply_fight_news);

  status = g_test_run ();
  if (!g_test_subprocess ())
    nile_test_remove_tree (data_home);
  g_free (data_home);
  return status;
}
