/* test-cli-campaign.c: a campaign built through `nile-ledger do`, read
 * back through `show --json` after every change
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/resource.h>

#include "nile-campaign.h"
#include "nile-cli.h"
#include "nile-operation.h"
#include "nile-roll-result.h"
#include "nile-test-utils.h"

static GString *out;
static GString *err;
static char *data_home;

static void
capture_out (const char *text)
{
  g_string_append (out, text);
}

static void
capture_err (const char *text)
{
  g_string_append (err, text);
}

/* Runs `nile-ledger ARGS…` in process; returns its exit status. */
static int
run (const char *first,
     ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  va_list args;
  const char *arg;
  GPrintFunc old_out, old_err;
  int status;

  g_ptr_array_add (argv, (char *) "nile-ledger");
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_string_truncate (out, 0);
  g_string_truncate (err, 0);
  old_out = g_set_print_handler (capture_out);
  old_err = g_set_printerr_handler (capture_err);
  status = nile_cli_run ((int) argv->len - 1, (char **) argv->pdata);
  g_set_print_handler (old_out);
  g_set_printerr_handler (old_err);

  return status;
}

/* `show --json`: the first explorer's portage, capability and excess. */
static void
assert_load (const char *path,
             int         portage,
             int         capability,
             int         excess)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *explorer;

  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  json_parser_load_from_data (parser, out->str, -1, &error);
  g_assert_no_error (error);

  explorer = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "explorers"), 0);
  g_assert_cmpint (json_object_get_int_member (explorer, "portage"), ==, portage);
  g_assert_cmpint (json_object_get_int_member (explorer, "capability"), ==, capability);
  g_assert_cmpint (json_object_get_int_member (explorer, "excess"), ==, excess);
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return contents;
}

/* A way an export can be subtly wrong: @table's first row's @column
 * (or that of the row whose first value is @row_key) set to @value
 * (JSON), or left out with no @value; with no @column, @table left
 * out. @said is what the refusal must say. */
typedef struct {
  const char *table;
  const char *column;
  const char *value;
  const char *said;
  const char *row_key;
} DamagedExport;

#define TEN_LETTERS "abcdefghij"
#define LETTERS_201 TEN_LETTERS TEN_LETTERS TEN_LETTERS TEN_LETTERS TEN_LETTERS \
  TEN_LETTERS TEN_LETTERS TEN_LETTERS TEN_LETTERS TEN_LETTERS \
  TEN_LETTERS TEN_LETTERS TEN_LETTERS TEN_LETTERS TEN_LETTERS \
  TEN_LETTERS TEN_LETTERS TEN_LETTERS TEN_LETTERS TEN_LETTERS "k"

static const DamagedExport damaged_exports[] = {
  { "game", NULL, NULL, "its “game” table is missing" },
  { "expedition", "bearers", "\"fifteen\"", "in “expedition”, row 1, “bearers” must be a whole number, not \"fifteen\"" },
  { "expedition", "bearers", "14.5", "in “expedition”, row 1, “bearers” must be a whole number, not 14.5" },
  { "explorer", "money", NULL, "in “explorer”, row 1 has " },
  { "explorer", "name", "null", "in “explorer”, row 1, “name” must have a value" },
  /* Two players under one number: said in the export's terms, not sqlite's. */
  { "player", "id", "2", "in “player”, row 2 repeats a row given before it" },
  /* Two players at one place in the turn order: `check` passed it, and
   * the turn then went past both. */
  { "player", "turn_order", "2", "two players share place 2 in the turn order" },
  /* Bytes that are no change: Undo would have called the file damaged.
   * (Line 1 made the campaign with the rules a new one has: it changed
   * nothing, and holds no change.) */
  { "journal", "changeset", "{\"base64\": \"EgVnYXJiYWdl\"}", "the change of journal line 2 can’t be undone or redone",
    "2" },
  /* Names the operations would refuse, refused as they refuse them. */
  { "player", "name", "\"Anna\\nBell\"",
    "in “player”, row 1, “name” is refused: A player’s name cannot hold a line break, a tab or another control character" },
  { "explorer", "name", "\"" LETTERS_201 "\"",
    "in “explorer”, row 1, “name” is refused: An explorer’s name is at most 200 characters" },
  /* Every text a player types, not only names. */
  { "explorer", "port", "\"Zanzibar\\nTown\"",
    "in “explorer”, row 1, “port” is refused: The port cannot hold a line break, a tab or another control character" },
  { "explorer", "hex", "\"B\\u000712\"",
    "in “explorer”, row 1, “hex” is refused: The hex cannot hold a line break, a tab or another control character" },
  { "player", "colour", "\"" LETTERS_201 "\"",
    "in “player”, row 1, “colour” is refused: The colour is at most 200 characters" },
  { "meta", "value", "\"Upper\\u0007Nile\"",
    "in “meta”, row 3, “value” is refused: The campaign’s name cannot hold a line break, a tab or another control character",
    "name" },
  /* Numbers no operation writes, refused as the operations refuse them:
   * `show` read them wrapped round, or with a GLib warning. */
  { "game", "turn", "2147483647",
    "in “game”, row 1, “turn” is refused: The turn must be from 1 to 1,000,000, not 2,147,483,647" },
  { "expedition", "bearers", "10001",
    "in “expedition”, row 1, “bearers” is refused: Healthy bearers must be from 0 to 10,000, not 10,001" },
  { "explorer", "money", "9223372036854775807",
    "in “explorer”, row 1, “money” is refused: The money must be from 0 to 2,147,483,647, not 9,223,372,036,854,775,807" },
  /* A time `log` can't read, and bytes that are not base64, which
   * decoded to nothing that undo then "undid". */
  { "journal", "time", "\"yesterday\"", "in “journal”, row 1, “time” must be a date and time" },
  { "journal", "changeset", "{\"base64\": \"!!!!\"}",
    "in “journal”, row 2, “changeset” must be bytes written as base64", "2" },
};

/* Whether @row's first value, a text or a number, reads @key. */
static gboolean
row_has_key (JsonArray  *row,
             const char *key)
{
  JsonNode *first = json_array_get_element (row, 0);
  g_autofree char *number = NULL;

  if (json_node_get_value_type (first) == G_TYPE_STRING)
    return g_str_equal (json_node_get_string (first), key);

  number = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (first));
  return g_str_equal (number, key);
}

/* Imports @exported changed as @damage says, to a file that must not
 * appear: exit 2, for bad input, with the reason. */
static void
assert_import_refused (const char          *dir,
                       const char          *exported,
                       const DamagedExport *damage)
{
  g_autofree char *damaged = g_build_filename (dir, "damaged.json", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "nowhere.nile", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = read_file (exported);
  JsonArray *tables;
  gboolean changed = FALSE;

  g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
  tables = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "tables");
  for (guint i = 0; i < json_array_get_length (tables) && !changed; i++)
    {
      JsonObject *table = json_array_get_object_element (tables, i);
      JsonArray *columns = json_object_get_array_member (table, "columns");
      JsonArray *row;

      if (!g_str_equal (json_object_get_string_member (table, "name"), damage->table))
        continue;
      if (damage->column == NULL)
        {
          json_array_remove_element (tables, i);
          changed = TRUE;
          break;
        }
      row = json_array_get_array_element (json_object_get_array_member (table, "rows"), 0);
      for (guint r = 0; damage->row_key != NULL && !row_has_key (row, damage->row_key); r++)
        row = json_array_get_array_element (json_object_get_array_member (table, "rows"), r + 1);
      for (guint c = 0; c < json_array_get_length (columns) && !changed; c++)
        if (g_str_equal (json_array_get_string_element (columns, c), damage->column))
          {
            JsonNode *target = json_array_get_element (row, c);
            g_autoptr(JsonNode) value = NULL;

            changed = TRUE;
            if (damage->value == NULL)
              {
                json_array_remove_element (row, c);
                continue;
              }
            value = json_from_string (damage->value, &error);
            g_assert_no_error (error);
            /* Each over its own kind of node: json_node_init() frees
             * what the node held and keeps it all the same. */
            if (JSON_NODE_HOLDS_NULL (value))
              json_node_init_null (target);
            else if (JSON_NODE_HOLDS_OBJECT (value))
              {
                g_assert_true (JSON_NODE_HOLDS_OBJECT (target));
                json_node_set_object (target, json_node_get_object (value));
              }
            else
              {
                g_auto(GValue) scalar = G_VALUE_INIT;

                g_assert_true (JSON_NODE_HOLDS_VALUE (target));
                json_node_get_value (value, &scalar);
                json_node_set_value (target, &scalar);
              }
          }
    }
  g_assert_true (changed);

  json_generator_set_root (generator, json_parser_get_root (parser));
  g_clear_pointer (&text, g_free);
  text = json_generator_to_data (generator, NULL);
  g_file_set_contents (damaged, text, -1, &error);
  g_assert_no_error (error);

  g_assert_cmpint (run ("import", damaged, nowhere, NULL), ==, 2);
  if (strstr (err->str, damage->said) == NULL)
    g_error ("“%s” does not say “%s”", err->str, damage->said);
  g_assert_false (g_file_test (nowhere, G_FILE_TEST_EXISTS));
  g_remove (damaged);
}

static void
test_cli_campaign_scenario (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "nile.nile", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.nile", NULL);
  g_autofree char *exported = g_build_filename (dir, "nile.json", NULL);
  g_autofree char *show_before = NULL;

  g_assert_no_error (error);

  g_assert_cmpint (run ("new", path, "--name", "Nile 1862", "--game", "2", NULL), ==, 0);
  /* Nobody yet, said so under each heading. */
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, "Nile 1862 — Game II, Avalon Hill edition; turn 1\n\n"
                                 "Players\n  none yet\n\nExplorers\n  none yet\n");
  /* A new campaign never replaces a file: the path was the wrong choice. */
  g_assert_cmpint (run ("new", path, "--name", "Again", NULL), ==, 2);
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, "Added player Anna, number 1 in turn order\n");
  g_assert_cmpint (run ("do", path, "add-player", "name=Burton", NULL), ==, 0);

  g_assert_cmpint (run ("do", path, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist",
                        "port=Zanzibar", NULL), ==, 0);
  assert_load (path, 0, 0, 0);
  g_assert_cmpint (run ("do", path, "outfit", "player=Anna", "kind=bearers", "count=10", "cost=100", NULL), ==, 0);
  assert_load (path, 0, 100, 0);
  g_assert_cmpint (run ("do", path, "outfit", "player=Anna", "kind=rations", "count=80", "cost=80", NULL), ==, 0);
  assert_load (path, 80, 100, 0);
  g_assert_cmpint (run ("do", path, "outfit", "player=Anna", "kind=gifts", "count=40", "cost=80", NULL), ==, 0);
  assert_load (path, 120, 100, 20);

  /* Overloaded: the expedition may not leave (R 6.55), and nothing changes. */
  g_assert_cmpint (run ("do", path, "set-out", "player=Anna", "hex=B12", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "R 6.55"));
  assert_load (path, 120, 100, 20);

  /* A sick bearer is carried at 15 and carries nothing. */
  g_assert_cmpint (run ("do", path, "set-makeup", "player=Anna", "bearers=9", "sick_bearers=1", NULL), ==, 0);
  assert_load (path, 135, 90, 45);
  g_assert_cmpint (run ("do", path, "discharge-sick", "player=Anna", "kind=bearers", "count=1", NULL), ==, 0);
  assert_load (path, 120, 90, 30);
  g_assert_cmpint (run ("do", path, "outfit", "player=Anna", "kind=bearers", "count=3", "cost=30", NULL), ==, 0);
  assert_load (path, 120, 120, 0);
  g_assert_cmpint (run ("do", path, "set-out", "player=Anna", "hex=B12", NULL), ==, 0);
  assert_load (path, 120, 120, 0);

  /* 3 of 12 bearers: a quarter of each load (R 11.3). */
  g_assert_cmpint (run ("do", path, "lose-carriers", "player=Anna", "count=3", NULL), ==, 0);
  g_assert_cmpstr (out->str, ==,
                   "Stanley: 3 bearers lost (12 → 9); rations 80 → 60, gifts 40 → 30 (R 11.3)\n");
  assert_load (path, 90, 90, 0);
  g_assert_cmpint (run ("undo", path, NULL), ==, 0);
  assert_load (path, 120, 120, 0);
  g_assert_cmpint (run ("redo", path, NULL), ==, 0);
  assert_load (path, 90, 90, 0);
  g_assert_cmpint (run ("redo", path, NULL), ==, 2);

  /* Bad input: exit 2 with a message, and the book reads as before. */
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  show_before = g_strdup (out->str);
  g_assert_nonnull (strstr (show_before, "Load 90, can carry 90\n"));
  /* The players' words, not the nicks JSON keeps. */
  g_assert_nonnull (strstr (show_before, "Avalon Hill edition"));
  g_assert_nonnull (strstr (show_before, " — in Africa at "));
  g_assert_null (strstr (show_before, "in-africa"));
  g_assert_null (strstr (show_before, "_"));
  g_assert_cmpint (run ("do", path, "set-mode", "player=Anna", "mode=canoe", NULL), ==, 2);
  g_assert_cmpint (run ("do", path, "set-makeup", "player=Anna", "bearers=-2", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "bearers must be from 0 to 10,000"));
  /* No count so large that a load's sums would overflow. */
  g_assert_cmpint (run ("do", path, "set-makeup", "player=Anna", "bearers=2147483647", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "bearers must be from 0 to 10,000, not 2,147,483,647"));
  g_assert_cmpint (run ("do", path, "lose-carriers", "player=Anna", "count=1000000000", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "from 1 to 10,000"));
  g_assert_cmpint (run ("do", path, "add-player", "nom=Cole", NULL), ==, 2);
  g_assert_cmpint (run ("do", path, "fly", "player=Anna", NULL), ==, 2);
  g_assert_cmpint (run ("do", path, "end-turn", "player=Burton", "terrain=veldt", NULL), ==, 2);
  /* B12 is not mapped yet: the refusal names the setting to give. */
  g_assert_cmpint (run ("do", path, "end-turn", "player=Anna", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: The terrain of B12 is not recorded: give terrain=\n");
  /* The commands that take a file are not operations. */
  g_assert_cmpint (run ("do", path, "undo", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: “undo” is a command of its own, not an operation: "
                                 "run “nile-ledger undo --help”\n");
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, show_before);

  g_assert_cmpint (run ("do", path, "end-turn", "player=Anna", "terrain=veldt", NULL), ==, 0);
  /* 10 mouths eat 10 of the 60 non-perishable rations. */
  assert_load (path, 80, 90, 0);

  /* A bonus discovery shows with the others (R 20.6), in words and in JSON. */
  g_assert_cmpint (run ("do", path, "bonus-discovery", "player=Anna", "description=A new orchid", "vp=2",
                        "name=Vanda orchid", NULL), ==, 0);
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "\nBonus discoveries\n  A new orchid by Stanley, turn 1: Vanda orchid, 2 VP,"
                                      " unpublished\n"));
  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "\"bonuses\""));
  g_assert_nonnull (strstr (out->str, "\"Vanda orchid\""));
  /* Points that are neither a hex nor a bonus, listed on their own. */
  g_assert_cmpint (run ("do", path, "apply-effects", "player=Anna", "effects=vp:2", "reason=a good report", NULL), ==, 0);
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "\nOther points\n  a good report (Stanley), turn 1: +2 VP, unpublished\n"));
  g_assert_null (strstr (out->str, "A new orchid (Stanley)"));
  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "\"other_vp\""));
  g_assert_cmpint (run ("undo", path, NULL), ==, 0);
  g_assert_cmpint (run ("undo", path, NULL), ==, 0);

  g_assert_cmpint (run ("log", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Redid: Stanley: 3 bearers lost"));

  /* One player's lines, and one kind: Burton has only his arrival; the
   * undo and redo of Anna's loss are hers, whatever case her name is in. */
  g_assert_cmpint (run ("log", path, "--player", "Burton", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Added player Burton"));
  g_assert_null (strstr (out->str, "Anna"));
  g_assert_null (strstr (out->str, "Stanley"));
  g_assert_cmpint (run ("log", path, "--player", "anna", "--kind", "undo", NULL), ==, 0);
  g_assert_cmpstr (out->str, !=, "");
  g_assert_nonnull (strstr (out->str, "Undid: Stanley: 3 bearers lost"));
  g_assert_nonnull (strstr (out->str, "Redid: Stanley: 3 bearers lost"));
  g_assert_null (strstr (out->str, "Added player"));
  g_assert_cmpint (run ("log", path, "--kind", "changes", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Added player Anna"));
  g_assert_null (strstr (out->str, "Undid:"));
  g_assert_null (strstr (out->str, "Redid:"));
  g_assert_cmpint (run ("log", path, "--player", "Livingstone", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "Livingstone"));
  g_assert_cmpint (run ("log", path, "--kind", "sideways", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "--kind"));
  g_assert_cmpint (run ("check", path, NULL), ==, 0);

  /* Export, import, and the copy shows the same book. */
  g_assert_cmpint (run ("export", path, NULL), ==, 0);
  g_file_set_contents (exported, out->str, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (run ("import", exported, copy, NULL), ==, 0);
  /* Exports changed by hand, each subtly wrong: bad input, said so,
   * and no file made. */
  for (guint i = 0; i < G_N_ELEMENTS (damaged_exports); i++)
    assert_import_refused (dir, exported, &damaged_exports[i]);
  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  show_before = (g_free (show_before), g_strdup (out->str));
  g_assert_cmpint (run ("show", copy, "--json", NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, show_before);

  g_assert_cmpint (run ("ops", "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "\"lose-carriers\""));
  /* A script learns the values a parameter takes, as the window offers them. */
  g_assert_nonnull (strstr (out->str, "\"choices\""));
  g_assert_nonnull (strstr (out->str, "\"jungle-mountain\""));
  /* And which parameters name a player, such as a cache's owner. */
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonArray *ops;
    guint n_naming = 0;

    g_assert_true (json_parser_load_from_data (parser, out->str, -1, NULL));
    ops = json_node_get_array (json_parser_get_root (parser));
    for (guint i = 0; i < json_array_get_length (ops); i++)
      {
        JsonObject *op = json_array_get_object_element (ops, i);
        JsonArray *params = json_object_get_array_member (op, "params");

        for (guint j = 0; j < json_array_get_length (params); j++)
          {
            JsonObject *param = json_array_get_object_element (params, j);
            const char *name = json_object_get_string_member (param, "name");
            gboolean naming = json_object_get_boolean_member_with_default (param, "names-player", FALSE);

            /* Every "player" does; "name" is a new player's, not one. */
            if (g_str_equal (name, "player") || g_str_equal (name, "owner"))
              g_assert_true (naming);
            else
              g_assert_false (naming);
            n_naming += naming;
          }
      }
    g_assert_cmpuint (n_naming, >, 0);
  }
  /* And a value not among them is bad input, said so. */
  g_assert_cmpint (run ("do", path, "add-tribe", "counter=9", "hex=K9", "size=huge", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "small, medium, large"));

  g_remove (path);
  g_remove (copy);
  g_remove (exported);
  g_rmdir (dir);
}

static void
test_cli_campaign_bad_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "junk.nile", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.nile", NULL);
  g_autofree char *after = NULL;
  const char junk[] = "this is not a campaign";

  g_assert_no_error (error);
  g_file_set_contents (path, junk, -1, &error);
  g_assert_no_error (error);

  /* The file cannot be used: exit 4, and it is left as it was. */
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 4);
  g_assert_cmpint (run ("show", path, NULL), ==, 4);
  g_assert_cmpint (run ("undo", path, NULL), ==, 4);
  g_assert_nonnull (strstr (err->str, "nile-ledger: "));
  after = read_file (path);
  g_assert_cmpstr (after, ==, junk);

  /* A campaign another program took a table from: refused before any
   * command writes to it. */
  {
    g_autofree char *tampered = g_build_filename (dir, "tampered.nile", NULL);
    g_autofree char *before = NULL;
    g_autofree char *now = NULL;
    gsize before_size, now_size;
    sqlite3 *db = NULL;

    g_assert_cmpint (run ("new", tampered, "--name", "Tampered", NULL), ==, 0);
    g_assert_cmpint (sqlite3_open (tampered, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "DROP TABLE cache", NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
    g_file_get_contents (tampered, &before, &before_size, &error);
    g_assert_no_error (error);

    g_assert_cmpint (run ("do", tampered, "add-player", "name=Anna", NULL), ==, 4);
    g_assert_nonnull (strstr (err->str, "its “cache” table is missing"));
    g_assert_cmpint (run ("check", tampered, NULL), ==, 4);
    g_file_get_contents (tampered, &now, &now_size, &error);
    g_assert_no_error (error);
    g_assert_cmpmem (before, before_size, now, now_size);
    g_remove (tampered);
  }

  /* A player deleted by another program with sqlite's foreign keys
   * off, his explorer and the turn left pointing at him: every command
   * refuses the file, says why, and leaves it as it was. */
  {
    g_autofree char *orphaned = g_build_filename (dir, "orphaned.nile", NULL);
    g_autofree char *before = NULL;
    g_autofree char *now = NULL;
    gsize before_size, now_size;
    sqlite3 *db = NULL;

    g_assert_cmpint (run ("new", orphaned, "--name", "Orphaned", NULL), ==, 0);
    g_assert_cmpint (run ("do", orphaned, "add-player", "name=Anna", NULL), ==, 0);
    g_assert_cmpint (run ("do", orphaned, "new-explorer", "player=Anna", "name=Bob", "specialty=journalist",
                          "port=Zanzibar", NULL), ==, 0);
    g_assert_cmpint (run ("do", orphaned, "add-player", "name=Ben", NULL), ==, 0);
    g_assert_cmpint (sqlite3_open (orphaned, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "DELETE FROM player WHERE name = 'Anna'", NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
    g_file_get_contents (orphaned, &before, &before_size, &error);
    g_assert_no_error (error);

    g_assert_cmpint (run ("show", orphaned, NULL), ==, 4);
    g_assert_nonnull (strstr (err->str, "is damaged and can’t be opened (a row of its “explorer” table refers "
                                        "to a row of its “player” table that is not there)"));
    g_assert_cmpint (run ("do", orphaned, "end-turn", "player=Ben", NULL), ==, 4);
    g_assert_null (strstr (err->str, "(null)"));
    g_assert_cmpint (run ("check", orphaned, NULL), ==, 4);
    g_assert_nonnull (strstr (err->str, "that is not there"));
    g_assert_cmpint (run ("export", orphaned, NULL), ==, 4);
    g_file_get_contents (orphaned, &now, &now_size, &error);
    g_assert_no_error (error);
    g_assert_cmpmem (before, before_size, now, now_size);
    g_remove (orphaned);
  }

  /* A change the log keeps that could never be undone: the campaign
   * opens, and \`check\` says which line is broken. */
  {
    g_autofree char *broken = g_build_filename (dir, "broken.nile", NULL);
    g_autofree char *before = NULL;
    g_autofree char *now = NULL;
    gsize before_size, now_size;
    sqlite3 *db = NULL;

    g_assert_cmpint (run ("new", broken, "--name", "Broken", NULL), ==, 0);
    g_assert_cmpint (run ("do", broken, "add-player", "name=Anna", NULL), ==, 0);
    g_assert_cmpint (run ("check", broken, NULL), ==, 0);
    g_assert_cmpint (sqlite3_open (broken, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "UPDATE journal SET changeset = x'1205676172626167' WHERE seq = 2",
                                   NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
    g_assert_cmpint (run ("show", broken, NULL), ==, 0);
    g_assert_cmpint (run ("check", broken, NULL), ==, 4);
    g_assert_nonnull (strstr (err->str, "the change of log line 2 can’t be undone or redone: it can’t be read as a change"));
    /* Undo reaching it says the same, not sqlite's "database disk image
     * is malformed", and leaves the file as it was. */
    g_file_get_contents (broken, &before, &before_size, &error);
    g_assert_no_error (error);
    g_assert_cmpint (run ("undo", broken, NULL), ==, 4);
    g_assert_nonnull (strstr (err->str, "the change of log line 2 can’t be undone or redone: it can’t be read as a change"));
    g_file_get_contents (broken, &now, &now_size, &error);
    g_assert_no_error (error);
    g_assert_cmpmem (before, before_size, now, now_size);
    g_remove (broken);
  }

  /* A number another program wrote that no operation would: `check`
   * says which, in the operations' words. */
  {
    g_autofree char *rich = g_build_filename (dir, "rich.nile", NULL);
    sqlite3 *db = NULL;

    g_assert_cmpint (run ("new", rich, "--name", "Rich", NULL), ==, 0);
    g_assert_cmpint (run ("do", rich, "add-player", "name=Anna", NULL), ==, 0);
    g_assert_cmpint (sqlite3_open (rich, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "UPDATE player SET turn_order = 9223372036854775807", NULL, NULL, NULL),
                     ==, SQLITE_OK);
    sqlite3_close (db);
    g_assert_cmpint (run ("check", rich, NULL), ==, 4);
    g_assert_nonnull (strstr (err->str, "a row of “player” holds a number Nile Ledger never writes: "
                                        "The position in the turn order must be from 1 to 1,000,000, "
                                        "not 9,223,372,036,854,775,807"));
    g_remove (rich);
  }

  /* A word another program wrote with sqlite's CHECK constraints off:
   * sqlite reads none from a file opened only to be read, as `check`
   * opens it, and called the file whole. */
  {
    g_autofree char *flying = g_build_filename (dir, "flying.nile", NULL);
    sqlite3 *db = NULL;

    g_assert_cmpint (run ("new", flying, "--name", "Flying", NULL), ==, 0);
    g_assert_cmpint (run ("do", flying, "add-player", "name=Anna", NULL), ==, 0);
    g_assert_cmpint (run ("do", flying, "new-explorer", "player=Anna", "name=Bob", "specialty=journalist",
                          "port=Zanzibar", NULL), ==, 0);
    g_assert_cmpint (sqlite3_open (flying, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "PRAGMA ignore_check_constraints = ON; UPDATE explorer SET status = 'flying'",
                                   NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
    g_assert_cmpint (run ("check", flying, NULL), ==, 4);
    g_assert_nonnull (strstr (err->str, "is damaged: a row of “explorer” holds what Nile Ledger never writes: it "
                                        "fails the rule status IN ('in-europe', 'at-sea', 'in-port', 'in-africa', "
                                        "'captive', 'dead', 'retired')"));
    g_remove (flying);
  }

  /* An encounter kept that no window could take up again: `show` says
   * so, `check` names whose it is, and its export is not imported. */
  {
    g_autofree char *kept = g_build_filename (dir, "kept.nile", NULL);
    g_autofree char *exported = g_build_filename (dir, "kept.json", NULL);
    g_autofree char *nowhere = g_build_filename (dir, "kept-import.nile", NULL);
    sqlite3 *db = NULL;

    g_assert_cmpint (run ("new", kept, "--name", "Kept", NULL), ==, 0);
    g_assert_cmpint (run ("do", kept, "add-player", "name=Anna", NULL), ==, 0);
    g_assert_cmpint (run ("do", kept, "add-tribe", "counter=7", "hex=C5", "size=medium", NULL), ==, 0);
    g_assert_cmpint (run ("do", kept, "keep-encounter", "player=Anna", "tribe=7",
                          "state={'format': <1>, 'edition': <'ah'>, 'step': <'negotiation'>, "
                          "'state': <{'policy': <3>}>}", NULL), ==, 0);
    g_assert_cmpint (run ("show", kept, NULL), ==, 0);
    g_assert_nonnull (strstr (out->str, "\nEncounters in Progress\n  Anna with tribe 7: Negotiation next\n"));
    g_assert_cmpint (run ("check", kept, NULL), ==, 0);

    g_assert_cmpint (sqlite3_open (kept, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "UPDATE encounter SET state = '{''format'': <1>, ''edition'': <''ah''>, "
                                       "''step'': <''looting''>}'", NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
    g_assert_cmpint (run ("show", kept, NULL), ==, 0);
    g_assert_nonnull (strstr (out->str, "\nEncounters in Progress\n  Anna: This encounter can’t be taken up again: "));
    g_assert_cmpint (run ("check", kept, NULL), ==, 4);
    g_assert_nonnull (strstr (err->str, "is damaged: the encounter kept for Anna can’t be taken up again (This "
                                        "encounter can’t be taken up again: its state is missing)"));

    g_assert_cmpint (run ("export", kept, NULL), ==, 0);
    g_assert_true (g_file_set_contents (exported, out->str, -1, NULL));
    g_assert_cmpint (run ("import", exported, nowhere, NULL), ==, 2);
    g_assert_nonnull (strstr (err->str, "not a usable Nile Ledger export: the encounter kept for Anna"));
    g_assert_false (g_file_test (nowhere, G_FILE_TEST_EXISTS));
    g_remove (exported);
    g_remove (kept);
  }

  /* A log line whose time another program spoiled is shown without
   * one, and with no GLib-CRITICAL. */
  {
    g_autofree char *late = g_build_filename (dir, "late.nile", NULL);
    sqlite3 *db = NULL;

    g_assert_cmpint (run ("new", late, "--name", "Late", NULL), ==, 0);
    g_assert_cmpint (run ("do", late, "add-player", "name=Anna", NULL), ==, 0);
    g_assert_cmpint (sqlite3_open (late, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "UPDATE journal SET time = 'yesterday' WHERE seq = 2", NULL, NULL, NULL),
                     ==, SQLITE_OK);
    sqlite3_close (db);
    g_assert_cmpint (run ("log", late, NULL), ==, 0);
    g_assert_nonnull (strstr (out->str, "   2                    Added player Anna"));
    g_assert_null (strstr (out->str, "(null)"));
    g_remove (late);
  }

  /* A good campaign with another database's -wal beside it: exit 4,
   * the -wal named, and neither file changed by any command. */
  {
    g_autofree char *good = g_build_filename (dir, "good.nile", NULL);
    g_autofree char *good_wal = g_strconcat (good, "-wal", NULL);
    g_autofree char *good_shm = g_strconcat (good, "-shm", NULL);
    g_autofree char *other = g_build_filename (dir, "recipes.db", NULL);
    g_autofree char *other_wal = g_strconcat (other, "-wal", NULL);
    g_autofree char *wal_before = NULL, *wal_now = NULL, *before = NULL, *now = NULL;
    gsize wal_before_size, wal_now_size, before_size, now_size;
    sqlite3 *db = NULL;

    g_assert_cmpint (run ("new", good, "--name", "Good", NULL), ==, 0);
    g_assert_cmpint (sqlite3_open (other, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;"
                                       "CREATE TABLE recipes (dish TEXT); INSERT INTO recipes VALUES ('kushari');",
                                   NULL, NULL, NULL), ==, SQLITE_OK);
    /* Copied while open: sqlite removes the log of a database it closes. */
    g_file_get_contents (other_wal, &wal_before, &wal_before_size, &error);
    g_assert_no_error (error);
    sqlite3_close (db);
    g_remove (other);
    g_remove (other_wal);
    g_file_set_contents (good_wal, wal_before, wal_before_size, &error);
    g_assert_no_error (error);
    g_file_get_contents (good, &before, &before_size, &error);
    g_assert_no_error (error);

    g_assert_cmpint (run ("show", good, NULL), ==, 4);
    g_assert_nonnull (strstr (err->str, "the “good.nile-wal” file beside it belongs to another database"));
    g_assert_cmpint (run ("do", good, "add-player", "name=Anna", NULL), ==, 4);
    g_assert_nonnull (strstr (err->str, "Move “good.nile-wal” out of the folder"));
    g_file_get_contents (good, &now, &now_size, &error);
    g_assert_no_error (error);
    g_assert_cmpmem (before, before_size, now, now_size);
    g_file_get_contents (good_wal, &wal_now, &wal_now_size, &error);
    g_assert_no_error (error);
    g_assert_cmpmem (wal_before, wal_before_size, wal_now, wal_now_size);
    g_remove (good);
    g_remove (good_wal);
    g_remove (good_shm);
  }

  g_assert_cmpint (run ("show", missing, NULL), ==, 4);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  /* A bad option creates no file. */
  g_assert_cmpint (run ("new", missing, "--name", "X", "--edition", "zz", NULL), ==, 2);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_assert_cmpint (run ("new", missing, NULL), ==, 2);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  g_remove (path);
  g_rmdir (dir);
}

/* The commands that only read, as the read-only tests run them. */
static const char * const read_commands[][4] = {
  { "show", NULL },
  { "show", "--json", NULL },
  { "check", NULL },
  { "export", NULL },
  { "log", NULL },
  { "log", "--player", "Anna", NULL },
};

/* `nile-ledger COMMAND… FILE`: @command's words, then @path. */
static int
run_on (const char * const *command,
        const char         *path)
{
  const char *args[6] = { NULL };
  guint n = 0;

  args[n++] = command[0];
  args[n++] = path;
  for (guint i = 1; command[i] != NULL; i++)
    args[n++] = command[i];

  return run (args[0], args[1], args[2], args[3], args[4], NULL);
}

static void
copy_file (const char *from,
           const char *to)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_file_get_contents (from, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (to, contents, length, &error);
  g_assert_no_error (error);
}

/* @path's file, write-ahead log and its index, those there are, copied
 * into @dir as @name; the index only if @with_index. */
static char *
copy_campaign (const char *path,
               const char *dir,
               const char *name,
               gboolean    with_index)
{
  static const char * const parts[] = { "", "-wal", "-shm" };
  char *copy = g_build_filename (dir, name, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      g_autofree char *from = g_strconcat (path, parts[i], NULL);
      g_autofree char *to = g_strconcat (copy, parts[i], NULL);

      if (g_file_test (from, G_FILE_TEST_EXISTS) && (i < 2 || with_index))
        copy_file (from, to);
    }

  return copy;
}

/* show, check, export and log read a campaign that can't be written
 * (the file, its folder, or both; with a log a killed program left
 * beside it or not) and print what they print for a copy that can be;
 * do and undo refuse as ever, and nothing in the folder changes. As
 * root, whom permissions don't stop, the commands run as nobody. */
static void
test_cli_campaign_read_only (void)
{
  static const struct {
    gboolean logged;
    gboolean with_index;
    int      file_mode;
    int      folder_mode;
  } cases[] = {
    { FALSE, FALSE, 0444, 0755 },
    { FALSE, FALSE, 0644, 0555 },
    { FALSE, FALSE, 0444, 0555 },
    { TRUE, TRUE, 0444, 0555 },
    { TRUE, FALSE, 0444, 0555 },
    { TRUE, FALSE, 0444, 0755 },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "source.nile", NULL);
  g_autofree char *logged = g_build_filename (dir, "logged.nile", NULL);
  g_autofree char *kept = g_build_filename (dir, "kept", NULL);
  g_autofree char *logged_kept = NULL;
  sqlite3 *holder = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  /* The owner's sheets, which `show` reads, as the reader finds them. */
  g_assert_cmpint (g_chmod (data_home, 0755), ==, 0);
  g_assert_cmpint (run ("new", path, "--name", "Read Only", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist",
                        "port=Zanzibar", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Burton", NULL), ==, 0);
  g_assert_cmpint (run ("undo", path, NULL), ==, 0);

  /* While another connection holds the file, a change stays in its log:
   * the three files then are as a window killed at that moment leaves
   * them. */
  copy_file (path, logged);
  g_assert_cmpint (sqlite3_open (logged, &holder), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (holder, "SELECT count(*) FROM journal", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (run ("do", logged, "add-player", "name=Cole", NULL), ==, 0);
  g_assert_cmpint (g_mkdir (kept, 0755), ==, 0);
  logged_kept = copy_campaign (logged, kept, "logged.nile", TRUE);
  sqlite3_close (holder);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *source = cases[i].logged ? logged_kept : path;
      g_autofree char *name = g_strdup_printf ("case-%u", i);
      g_autofree char *case_dir = g_build_filename (dir, name, NULL);
      g_autofree char *writable_dir = g_build_filename (dir, "writable", NULL);
      g_autofree char *writable = NULL;
      g_autofree char *file = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
      GDir *listing;
      const char *entry;

      /* What a copy that can be written reads. */
      g_assert_cmpint (g_mkdir (writable_dir, 0755), ==, 0);
      writable = copy_campaign (source, writable_dir, "campaign.nile", TRUE);
      for (guint c = 0; c < G_N_ELEMENTS (read_commands); c++)
        {
          g_assert_cmpint (run_on (read_commands[c], writable), ==, 0);
          g_ptr_array_add (expected, g_strdup (out->str));
        }
      nile_test_remove_tree (writable_dir);
      if (cases[i].logged)
        g_assert_nonnull (strstr (g_ptr_array_index (expected, 4), "Added player Cole"));

      g_assert_cmpint (g_mkdir (case_dir, 0755), ==, 0);
      file = copy_campaign (source, case_dir, "campaign.nile", cases[i].with_index);
      listing = g_dir_open (case_dir, 0, &error);
      g_assert_no_error (error);
      while ((entry = g_dir_read_name (listing)) != NULL)
        {
          g_autofree char *child = g_build_filename (case_dir, entry, NULL);

          g_assert_cmpint (g_chmod (child, cases[i].file_mode), ==, 0);
        }
      g_dir_close (listing);
      if (cases[i].folder_mode & 0200)
        nile_test_give_to_reader (case_dir);
      g_assert_cmpint (g_chmod (case_dir, cases[i].folder_mode), ==, 0);
      before = nile_test_describe_folder (case_dir);

      if (!nile_test_become_reader ())
        {
          g_test_skip ("Running as root, the test can't run the commands as nobody, whom permissions stop");
          break;
        }

      for (guint c = 0; c < G_N_ELEMENTS (read_commands); c++)
        {
          if (run_on (read_commands[c], file) != 0)
            g_error ("case %u: “%s” failed: %s", i, read_commands[c][0], err->str);
          g_assert_cmpstr (out->str, ==, g_ptr_array_index (expected, c));
        }

      /* Changes are refused in the words they always were. */
      g_assert_cmpint (run ("do", file, "add-player", "name=Dora", NULL), ==, 4);
      g_assert_nonnull (strstr (err->str, "can’t be saved"));
      g_assert_nonnull (strstr (err->str, "read-only"));
      g_assert_cmpint (run ("undo", file, NULL), ==, 4);
      g_assert_nonnull (strstr (err->str, "read-only"));
      nile_test_stop_being_reader ();

      after = nile_test_describe_folder (case_dir);
      g_assert_cmpstr (before, ==, after);
    }

  nile_test_remove_tree (dir);
}

/* The operations of the campaign rules list their parameters. */
static void
test_cli_campaign_rules_ops (void)
{
  const char *shown[] = {
    "epic-journey", "[from-group=…]", "[to-group=…]", "hexes=…",
    "after-victory", "[keep=…]", "[village=…]", "[loot=…]", "[forced=…]",
    "rank-spectacular", "awards=…", "game-two-end",
    "[escapes-with=…]", "the members the explorer escapes with",
  };

  g_assert_cmpint (run ("ops", NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    if (strstr (out->str, shown[i]) == NULL)
      g_error ("nile-ledger ops does not show %s", shown[i]);
}

/* A file whose name starts with "-" is given after "--", as to any
 * command; and a new campaign's file needs a name. */
static void
test_cli_campaign_double_dash (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *here = g_get_current_dir ();

  g_assert_no_error (error);
  g_assert_cmpint (g_chdir (dir), ==, 0);

  g_assert_cmpint (run ("new", "", "--name", "Nowhere", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "The new campaign’s file needs a name"));
  /* A folder is no file name either, and "notes/" made a file "notes". */
  g_assert_cmpint (run ("new", ".", "--name", "Nowhere", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: “.” names a folder: the new campaign’s file needs a name of its own\n");
  g_assert_cmpint (run ("new", "notes/", "--name", "Nowhere", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==,
                   "nile-ledger: “notes/” names a folder: the new campaign’s file needs a name of its own\n");
  g_assert_false (g_file_test ("notes", G_FILE_TEST_EXISTS));
  g_assert_cmpint (run ("sample", ".", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "names a folder"));

  g_assert_cmpint (run ("new", "--name", "Dashes", "--", "-d.nile", NULL), ==, 0);
  g_assert_true (g_file_test ("-d.nile", G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (run ("do", "--", "-d.nile", "add-player", "name=Anna", NULL), ==, 0);
  g_assert_cmpint (run ("undo", "--", "-d.nile", NULL), ==, 0);
  g_assert_cmpint (run ("redo", "--", "-d.nile", NULL), ==, 0);
  g_assert_cmpint (run ("log", "--", "-d.nile", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Added player Anna"));
  g_assert_cmpint (run ("check", "--", "-d.nile", NULL), ==, 0);
  g_assert_cmpint (run ("show", "--json", "--", "-d.nile", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "\"Anna\""));
  g_assert_cmpint (run ("export", "--", "-d.nile", NULL), ==, 0);
  g_file_set_contents ("-d.json", out->str, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (run ("import", "--", "-d.json", "", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "The new campaign’s file needs a name"));
  g_assert_cmpint (run ("import", "--", "-d.json", "-e.nile", NULL), ==, 0);
  g_assert_cmpint (run ("sheet", "export", "--", "-s.json", NULL), ==, 0);
  g_assert_cmpint (run ("sheet", "import", "--", "-s.json", NULL), ==, 0);
  g_assert_cmpint (run ("sheet", "--", "import", "-s.json", NULL), ==, 0);
  g_assert_cmpint (run ("sample", "--", "-f.nile", NULL), ==, 0);
  g_assert_true (g_file_test ("-f.nile", G_FILE_TEST_IS_REGULAR));

  /* After "--" nothing is an option, and the refusal says so rather
   * than only giving the usage line. */
  g_assert_cmpint (run ("new", "--", "-n.nile", "--name", "Late", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: Options go before “--”, which ends them; “--name” came after it\n");
  g_assert_false (g_file_test ("-n.nile", G_FILE_TEST_EXISTS));
  g_assert_cmpint (run ("show", "--", "-d.nile", "--json", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: Options go before “--”, which ends them; “--json” came after it\n");

  for (guint i = 0; i < 5; i++)
    {
      static const char * const names[] = { "-d.nile", "-d.json", "-e.nile", "-s.json", "-f.nile" };

      g_remove (names[i]);
    }
  g_assert_cmpint (g_chdir (here), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* An option's value that is not UTF-8 is named, as typed, in our words:
 * GOption's own message names neither the option nor what it wants. */
static void
test_cli_campaign_options_not_utf8 (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "odd.nile", NULL);
  g_autofree char *fresh = g_build_filename (dir, "fresh.nile", NULL);

  g_assert_no_error (error);
  g_assert_cmpint (run ("sample", path, NULL), ==, 0);
  g_assert_cmpint (run ("log", path, "--kind", "ch\xff" "anges", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: --kind takes text in UTF-8\n");
  g_assert_cmpint (run ("new", fresh, "--edition=d\xffg", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: --edition takes text in UTF-8\n");
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));

  nile_test_remove_tree (dir);
}

/* A number past what the books keep is refused as typed, with exit 2,
 * and the campaign left as it was: not wrapped round into a hunt of
 * 10 rations or a tribe of another number. */
static void
test_cli_campaign_whole_numbers (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "numbers.nile", NULL);
  g_autofree char *before = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (run ("sample", path, NULL), ==, 0);
  g_assert_cmpint (run ("export", path, NULL), ==, 0);
  before = g_strdup (out->str);

  g_assert_cmpint (run ("do", path, "end-turn", "player=Amelia", "hunted=4294967306", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: “hunted” can’t be 4294967306: the number is far too large\n");
  g_assert_cmpint (run ("do", path, "end-turn", "player=Amelia", "hunted=-9223372036854775808", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==,
                   "nile-ledger: “hunted” can’t be -9223372036854775808: the number is far too small\n");
  g_assert_cmpint (run ("do", path, "end-turn", "player=Amelia", "hunted=2147483648", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: “hunted” can’t be 2147483648: the number is far too large\n");
  g_assert_cmpint (run ("do", path, "set-relation", "player=Amelia", "tribe=2147483662", "friendly=true", NULL),
                   ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: “tribe” can’t be 2147483662: the number is far too large\n");
  g_assert_cmpint (run ("do", path, "recover-cache", "player=Amelia", "number=2147483649", "die=3", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: “number” can’t be 2147483649: the number is far too large\n");

  g_assert_cmpint (run ("export", path, NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, before);

  g_remove (path);
  g_rmdir (dir);
}

/* Effects no roll has, given to apply-effects or in a roll typed in
 * whole, and a roll no table has, are refused with exit 2, and the
 * campaign left as it was. */
static void
test_cli_campaign_impossible_effects (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "effects.nile", NULL);
  g_autofree char *before = NULL;
  const char *roll =
    "roll={'roll': <'hunting'>, 'edition': <'ah'>, 'status': <'done'>, 'inputs': <@a{sv} {}>,"
    " 'dice': <[byte 0x05]>, 'modifiers': <@a(si) []>, 'total': <5>, 'outcome': <'x'>,"
    " 'effects': <@a(sis) [('askaris-killed', -5, ''), ('recovers', -1, '')]>, 'steps': <@a(suus) []>,"
    " 'extras': <@a(sv) []>, 'text': <'Hunting'>}";
  const char *misnamed =
    "roll={'roll': <'hunitng'>, 'edition': <'ah'>, 'status': <'done'>, 'inputs': <@a{sv} {}>,"
    " 'dice': <[byte 0x05]>, 'modifiers': <@a(si) []>, 'total': <5>, 'outcome': <'x'>,"
    " 'effects': <@a(sis) [('fresh-rations', 9, '')]>, 'steps': <@a(suus) []>,"
    " 'extras': <@a(sv) []>, 'text': <'Hunting'>}";

  g_assert_no_error (error);
  g_assert_cmpint (run ("sample", path, NULL), ==, 0);
  g_assert_cmpint (run ("export", path, NULL), ==, 0);
  before = g_strdup (out->str);

  g_assert_cmpint (run ("do", path, "apply-effects", "player=Amelia", "effects=explorer_dies:-1", "reason=typo",
                        NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: The effect “explorer_dies” must be 1, not −1\n");
  g_assert_cmpint (run ("do", path, "apply-effects", "player=Amelia", "effects=explorer_sick:-1", "reason=typo",
                        NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: The effect “explorer_sick” must be from 0 to 1, not −1\n");
  g_assert_cmpint (run ("do", path, "apply-roll", "player=Amelia", roll, NULL), ==, 2);
  g_assert_cmpstr (err->str, ==,
                   "nile-ledger: The roll’s effect “askaris-killed” must be from 0 to 10,000, not −5\n");
  /* A roll's name mistyped in a script. */
  g_assert_cmpint (run ("do", path, "apply-roll", "player=Amelia", misnamed, NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: There is no roll “hunitng”\n");

  g_assert_cmpint (run ("export", path, NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, before);

  g_remove (path);
  g_rmdir (dir);
}

/* The command line finds a player as the core does: whatever the case
 * of his name, and however its accents were typed. The tests run in the
 * C locale, as scripts often do: names given to options are read as the
 * UTF-8 typed, not refused as bytes outside ASCII. */
static void
test_cli_campaign_player_names (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "names.nile", NULL);

  g_assert_no_error (error);
  g_assert_cmpint (run ("new", path, "--name", "Names", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Zoë", NULL), ==, 0);
  /* "ZOË" with its accent as a letter and a combining diaeresis. */
  g_assert_cmpint (run ("do", path, "add-player", "name=ZOE\xcc\x88", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "already a player called “Zoë”"));
  g_assert_cmpint (run ("log", path, "--player", "ZOE\xcc\x88", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Added player Zoë"));
  /* Her turn, however her name is typed, and the log names her as
   * the campaign writes her. */
  g_assert_cmpint (run ("do", path, "end-turn", "player=zoË", NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, "End of Zoë’s turn 1. Turn 2 begins\n");
  g_assert_cmpint (run ("do", path, "rename-player", "player=zoe\xcc\x88", "name=Zoë Tinne", NULL), ==, 0);
  /* Her name as it is already: bad input, and nothing logged to undo. */
  g_assert_cmpint (run ("do", path, "rename-player", "player=ZOË TINNE", "name=Zoë Tinne", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==, "nile-ledger: The player already has that name\n");
  g_assert_cmpint (run ("undo", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Renamed player Zoë to Zoë Tinne"));
  /* Bytes that are no text: bad input, said so. */
  g_assert_cmpint (run ("log", path, "--player", "Zo\xeb", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "--player takes text in UTF-8"));

  g_remove (path);
  g_rmdir (dir);
}

/* `do FILE remove-player`, found through the table of operations like
 * any other: a player removed with one change, undone with one; a name
 * not in the campaign or the last player refused as bad input, with the
 * file left byte for byte as it was. */
static void
test_cli_campaign_remove_player (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "leave.nile", NULL);
  g_autofree char *bytes_before = NULL;
  g_autofree char *bytes_after = NULL;
  g_autofree char *export_before = NULL;
  gsize size_before, size_after;

  g_assert_no_error (error);
  g_assert_cmpint (run ("ops", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "remove-player"));

  g_assert_cmpint (run ("new", path, "--name", "Leaving", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Burton", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist",
                        "port=Zanzibar", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "remove-player", "player=anna", NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, "Removed player Anna with 1 explorer; it is Burton’s turn\n");
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_null (strstr (out->str, "Anna"));
  g_assert_null (strstr (out->str, "Stanley"));
  g_assert_cmpint (run ("undo", path, NULL), ==, 0);
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Stanley"));
  g_assert_cmpint (run ("redo", path, NULL), ==, 0);
  g_assert_cmpint (run ("check", path, NULL), ==, 0);

  g_assert_cmpint (run ("export", path, NULL), ==, 0);
  export_before = g_strdup (out->str);
  g_file_get_contents (path, &bytes_before, &size_before, &error);
  g_assert_no_error (error);

  g_assert_cmpint (run ("do", path, "remove-player", "player=Livingstone", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "There is no player called “Livingstone”"));
  g_assert_cmpint (run ("do", path, "remove-player", "player=Burton", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "Burton is the only player"));
  g_assert_cmpint (run ("do", path, "remove-player", NULL), ==, 2);

  g_file_get_contents (path, &bytes_after, &size_after, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (size_after, ==, size_before);
  g_assert_true (memcmp (bytes_before, bytes_after, size_before) == 0);
  g_assert_cmpint (run ("export", path, NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, export_before);

  g_remove (path);
  g_rmdir (dir);
}

/* The command line's refusals name the operation to run next, as it is
 * typed; the core's own words, which the window shows, name none. */
static void
test_cli_campaign_advice_names_commands (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "advice.nile", NULL);
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(GVariant) params = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (run ("new", path, "--name", "Advice", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "journalist-battle", "player=Anna", "tribe=3", "result=won", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "Anna has no explorer in play; start one with new-explorer"));
  g_assert_cmpint (run ("do", path, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist",
                        "port=Zanzibar", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "journalist-battle", "player=Anna", "tribe=3", "result=won", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "No tribe with native counter 3 is recorded; add it with add-tribe"));

  /* Once the command is done, a refusal is in the players' words. */
  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  params = g_variant_ref_sink (g_variant_new_parsed ("{'player': <'Anna'>, 'tribe': <int64 3>,"
                                                     " 'result': <'won'>}"));
  g_assert_false (nile_campaign_apply (campaign, "journalist-battle", params, &error));
  g_assert_cmpstr (error->message, ==, "No tribe with native counter 3 is recorded; record the tribe first");
  g_clear_object (&campaign);

  g_remove (path);
  g_rmdir (dir);
}

/* The command line's refusals give the setting to type as it is typed;
 * once the command is done, the core says it in words, as the window
 * shows it. */
static void
test_cli_campaign_advice_names_settings (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "settings.nile", NULL);
  g_autoptr(NileRollResult) victory = nile_roll_result_new ("victory-b", NILE_EDITION_AH, NULL);
  g_autoptr(GVariant) variant = NULL;
  g_autofree char *roll_text = NULL;
  g_autofree char *roll_arg = NULL;
  g_autoptr(NileCampaign) campaign = NULL;
  struct {
    const char *operation;
    const char *args[5];
    const char *typed;
    const char *words;
  } refusals[] = {
    { "after-victory", { "player=Anna", "tribe=7", "loot=true" },
      "Only a village that was found can be looted: give village=true",
      "Only a village that was found can be looted: say the village was found" },
    { "after-victory", { "player=Anna", "tribe=7", "keep=true" },
      "There are no prisoners to keep: give prisoners=",
      "There are no prisoners to keep: say how many were taken" },
    { "record-hex", { "player=Anna", "hex=C6", "terrain=swamp", "lake-hexes=1" },
      "Only a lake hex completes a lake: give terrain=lake with lake-hexes",
      "Only a lake hex completes a lake: choose the terrain Lake, or give no size in hexes" },
    { "apply-roll", { "player=Anna", "tribe=7", NULL /* the roll */ },
      "The roll took 2 prisoners: give prisoners=keep (as bearers) or prisoners=release",
      "The roll took 2 prisoners: say whether they are kept as bearers or released" },
  };

  g_assert_no_error (error);
  nile_roll_result_add_effect (victory, NILE_EFFECT_PRISONERS, 2, NULL);
  nile_roll_result_set_text (victory, "Victory: 2 prisoners");
  variant = g_variant_ref_sink (nile_roll_result_to_variant (victory));
  roll_text = g_variant_print (variant, TRUE);
  roll_arg = g_strconcat ("roll=", roll_text, NULL);
  refusals[3].args[2] = roll_arg;

  g_assert_cmpint (run ("new", path, "--name", "Settings", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist",
                        "port=Zanzibar", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "set-out", "player=Anna", "hex=C5", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-tribe", "counter=7", "hex=C5", "size=medium", NULL), ==, 0);
  /* Table B is for a fight won with askaris left (R 16.4). */
  g_assert_cmpint (run ("do", path, "set-makeup", "player=Anna", "askaris=2", NULL), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autofree char *expected = g_strdup_printf ("nile-ledger: %s\n", refusals[i].typed);
      const char **args = refusals[i].args;

      g_assert_cmpint (run ("do", path, refusals[i].operation, args[0], args[1], args[2], args[3], NULL), ==, 2);
      g_assert_cmpstr (err->str, ==, expected);
    }

  campaign = nile_campaign_open (path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      const NileOperation *op = nile_operation_lookup (refusals[i].operation);
      g_autoptr(GVariant) params = NULL;

      g_assert_true (nile_operation_parse_params (op, refusals[i].args, &params, &error));
      g_assert_no_error (error);
      g_assert_false (nile_campaign_apply (campaign, op->name, params, &error));
      g_assert_cmpstr (error->message, ==, refusals[i].words);
      g_clear_error (&error);
    }
  g_clear_object (&campaign);

  g_remove (path);
  g_rmdir (dir);
}

/* A name that shows nothing, or breaks the log's line, is refused as
 * bad input: no campaign is made under it, and a campaign's file is
 * left byte for byte as it was. */
static void
test_cli_campaign_blank_names (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "blank.nile", NULL);
  g_autofree char *before = NULL;
  g_autofree char *now = NULL;
  gsize before_size, now_size;

  g_assert_no_error (error);
  /* Numbers in base ten: GLib's own options read "010" as 8. */
  g_assert_cmpint (run ("new", path, "--name", "Octal", "--game", "1", "--goal", "010", NULL), ==, 0);
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Game I to 10 VP"));
  nile_test_remove_tree (dir);
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_cmpint (run ("new", path, "--name", "Hex", "--game", "0x1", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "--game takes a whole number from 1 to 2, not “0x1”"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  /* A zero-width space, and an ideographic one. */
  g_assert_cmpint (run ("new", path, "--name", "\u200b\u3000", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "The campaign’s name cannot be blank"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_cmpint (run ("new", path, "--name", "Blank", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Zoë", NULL), ==, 0);
  g_file_get_contents (path, &before, &before_size, &error);
  g_assert_no_error (error);
  g_assert_cmpint (run ("do", path, "rename-campaign", "name=Lac\u2028Léman", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "line break"));
  g_assert_cmpint (run ("do", path, "add-player", "name=\u3164", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "A player’s name cannot be blank"));
  g_assert_cmpint (run ("do", path, "recolour-player", "player=Zoë", "colour=bl\nue", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "The colour cannot hold a line break"));
  /* Bytes that are not text are refused, and the message stays text. */
  g_assert_cmpint (run ("do", path, "add-player", "name=ab\xff", NULL), ==, 2);
  g_assert_true (g_utf8_validate (err->str, -1, NULL));
  g_assert_nonnull (strstr (err->str, "“name” must be text, not “ab\uFFFD”"));
  g_assert_cmpint (run ("do", path, "add-player", "na\xffme=x", NULL), ==, 2);
  g_assert_true (g_utf8_validate (err->str, -1, NULL));
  g_assert_cmpint (run ("do", path, "ad\xff" "d-player", "name=x", NULL), ==, 2);
  g_assert_true (g_utf8_validate (err->str, -1, NULL));
  g_file_get_contents (path, &now, &now_size, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (before, before_size, now, now_size);

  g_remove (path);
  g_rmdir (dir);
}

/* What the real program prints is UTF-8 even in the C locale, where a
 * game master's script often runs: an export kept as a backup keeps
 * every letter, and a name given to an option is taken as typed. */
static void
test_cli_campaign_c_locale (void)
{
  g_autofree char *binary = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "src", "nile-ledger", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "c-locale.nile", NULL);
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);
  const char *steps[][5] = {
    { "new", path, "--name", "Lac Léman", NULL },
    { "do", path, "add-player", "name=Zoë", NULL },
    { "log", path, "--player", "ZOË", NULL },
    { "export", path, NULL },
  };
  g_autofree char *out_text = NULL;

  g_assert_no_error (error);
  if (g_getenv ("G_TEST_BUILDDIR") == NULL || !g_file_test (binary, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the nile-ledger binary is not built");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      g_autofree char *err_text = NULL;
      int wait_status;

      g_ptr_array_add (argv, binary);
      for (guint a = 0; steps[i][a] != NULL; a++)
        g_ptr_array_add (argv, (char *) steps[i][a]);
      g_ptr_array_add (argv, NULL);

      g_clear_pointer (&out_text, g_free);
      g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                                   &out_text, &err_text, &wait_status, &error));
      g_assert_no_error (error);
      if (!g_spawn_check_wait_status (wait_status, NULL))
        g_error ("%s: %s", steps[i][0], err_text);
      if (g_str_equal (steps[i][0], "log"))
        g_assert_nonnull (strstr (out_text, "Added player Zoë"));
    }

  g_assert_nonnull (strstr (out_text, "\"Zoë\""));
  g_assert_nonnull (strstr (out_text, "\"Lac Léman\""));

  g_remove (path);
  g_rmdir (dir);
}

static int
movement_of (const char *json,
             const char *activity)
{
  g_autofree char *key = g_strdup_printf ("\"movement-%s\" : ", activity);
  const char *at = strstr (json, key);

  g_assert_nonnull (at);
  return atoi (at + strlen (key));
}

/* `show` gives the movement of the owner's Activity Level Chart, as the
 * window does: a cell he filled from his board counts. */
static void
test_cli_campaign_show_owners_chart (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "chart.nile", NULL);

  g_assert_no_error (error);
  g_assert_cmpint (run ("new", path, "--name", "Chart", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "new-explorer", "player=Anna", "name=Stanley", "specialty=explorer",
                        "port=Zanzibar", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "set-out", "player=Anna", "hex=C1", NULL), ==, 0);

  /* On foot, reckless is the rulebook's 4 (R 9.12). */
  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  g_assert_cmpint (movement_of (out->str, "reckless"), ==, 4);

  g_assert_cmpint (run ("sheet", "set", "activity-level", "mode=foot", "activity=normal", "3", NULL), ==, 0);
  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  g_assert_cmpint (movement_of (out->str, "normal"), ==, 3);
  g_assert_cmpint (movement_of (out->str, "reckless"), ==, 4);
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  /* The cell he filled counts as it is; a cell he has yet to check
   * against the board is marked. */
  g_assert_nonnull (strstr (out->str, "Movement: cautious 1*, normal 3, reckless 4 MP (* = suggested"));

  g_remove (path);
  g_rmdir (dir);
}

/* An export that is not JSON, or not there: said in our words, naming
 * the file, and no campaign file made. */
static void
test_cli_campaign_import_unreadable (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *garbled = g_build_filename (dir, "garbled.json", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "nowhere.nile", NULL);
  g_autofree char *said = NULL;

  g_assert_no_error (error);
  g_file_set_contents (garbled, "{\"application\": \"nile-ledger\",\n \"format\": 13,\n tables: []}", -1, &error);
  g_assert_no_error (error);

  g_assert_cmpint (run ("import", garbled, nowhere, NULL), ==, 2);
  said = g_strdup_printf ("nile-ledger: “%s” is not a usable Nile Ledger export: it is not JSON text, "
                          "or it was cut short (near line 2)\n", garbled);
  g_assert_cmpstr (err->str, ==, said);
  g_assert_false (g_file_test (nowhere, G_FILE_TEST_EXISTS));

  g_assert_cmpint (run ("import", missing, nowhere, NULL), ==, 4);
  g_free (said);
  said = g_strdup_printf ("nile-ledger: There is no file “%s” to import\n", missing);
  g_assert_cmpstr (err->str, ==, said);
  g_assert_false (g_file_test (nowhere, G_FILE_TEST_EXISTS));

  g_assert_cmpint (run ("import", dir, nowhere, NULL), ==, 4);
  g_free (said);
  said = g_strdup_printf ("nile-ledger: “%s” is a folder, not a Nile Ledger export\n", dir);
  g_assert_cmpstr (err->str, ==, said);
  g_assert_false (g_file_test (nowhere, G_FILE_TEST_EXISTS));

  g_remove (garbled);
  g_rmdir (dir);
}

/* An export changed by hand with a list or a record where the
 * application, the format or a table's name belongs: refused as any
 * other misfit, with no warning from the JSON reader. */
static void
test_cli_campaign_import_odd_members (void)
{
  static const struct {
    const char *json;
    const char *said;
  } cases[] = {
    { "{\"application\": [], \"format\": 13, \"tables\": []}", "it was not written by Nile Ledger" },
    { "{\"application\": {\"name\": \"nile-ledger\"}, \"format\": 13, \"tables\": []}",
      "it was not written by Nile Ledger" },
    { "{\"application\": \"nile-ledger\", \"format\": [13], \"tables\": []}",
      "its format or its tables are missing" },
    { "{\"application\": \"nile-ledger\", \"format\": \"13\", \"tables\": []}",
      "its format or its tables are missing" },
    { "{\"application\": \"nile-ledger\", \"format\": 13,"
      " \"tables\": [{\"name\": [\"game\"], \"columns\": [\"id\"], \"rows\": []}]}",
      "a table lacks its name, columns or rows" },
    { "{\"application\": \"nile-ledger\", \"format\": 13,"
      " \"tables\": [{\"name\": {}, \"columns\": [\"id\"], \"rows\": []}]}",
      "a table lacks its name, columns or rows" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *odd = g_build_filename (dir, "odd.json", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "nowhere.nile", NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_file_set_contents (odd, cases[i].json, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (run ("import", odd, nowhere, NULL), ==, 2);
      if (strstr (err->str, cases[i].said) == NULL)
        g_error ("%s: “%s” does not say “%s”", cases[i].json, err->str, cases[i].said);
      g_assert_false (g_file_test (nowhere, G_FILE_TEST_EXISTS));
    }

  g_remove (odd);
  g_rmdir (dir);
}

/* Writes @path's export to @export_path with @change in place of the
 * change of its journal line 2. */
static void
write_export_with_change (const char   *path,
                          const guint8 *change,
                          gsize         size,
                          const char   *export_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autofree char *kept_base64 = NULL;
  g_autofree char *change_base64 = g_base64_encode (change, size);
  g_autofree char *changed = NULL;
  g_auto(GStrv) halves = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (run ("export", path, NULL), ==, 0);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT changeset FROM journal WHERE seq = 2", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  kept_base64 = g_base64_encode (sqlite3_column_blob (stmt, 0), sqlite3_column_bytes (stmt, 0));
  g_clear_pointer (&stmt, sqlite3_finalize);
  sqlite3_close (db);

  halves = g_strsplit (out->str, kept_base64, -1);
  g_assert_cmpint (g_strv_length (halves), ==, 2);
  changed = g_strjoinv (change_base64, halves);
  g_file_set_contents (export_path, changed, -1, &error);
  g_assert_no_error (error);
}

/* Makes @path a campaign with one player, Anna, and asserts that its
 * export with @change in place of the change that added her (journal
 * line 2), written to @export_path, is refused with @refusal and makes
 * no file at @nowhere. */
static void
assert_import_refuses_change (const char   *path,
                              const guint8 *change,
                              gsize         size,
                              const char   *export_path,
                              const char   *nowhere,
                              const char   *refusal)
{
  g_assert_cmpint (run ("new", path, "--name", "Changed", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 0);

  write_export_with_change (path, change, size, export_path);
  g_assert_cmpint (run ("import", export_path, nowhere, NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, refusal));
  g_assert_false (g_file_test (nowhere, G_FILE_TEST_EXISTS));
}

/* A change whose table's name never ends ('T', two columns, their key
 * flags and nothing more): sqlite's own reader never came back from
 * one, so undo, check and import hung. Each now refuses it at once. */
static void
test_cli_campaign_change_without_end (void)
{
  static const guint8 change_without_end[] = { 'T', 2, 1, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "endless.nile", NULL);
  g_autofree char *export_path = g_build_filename (dir, "endless.json", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "endless-import.nile", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_size, after_size;
  sqlite3 *db = NULL;

  g_assert_no_error (error);

  /* An export carrying it: refused, and no file made. */
  assert_import_refuses_change (path, change_without_end, sizeof change_without_end, export_path, nowhere,
                                "the change of journal line 2 can’t be undone or redone: "
                                "it can’t be read as a change");

  /* The same change in a campaign file: undo and check refuse it, and
   * leave the file as it was. */
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "UPDATE journal SET changeset = ?1 WHERE seq = 2", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  sqlite3_bind_blob (stmt, 1, change_without_end, sizeof change_without_end, SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  g_clear_pointer (&stmt, sqlite3_finalize);
  sqlite3_close (db);
  g_file_get_contents (path, &before, &before_size, &error);
  g_assert_no_error (error);

  g_assert_cmpint (run ("undo", path, NULL), ==, 4);
  g_assert_nonnull (strstr (err->str, "the change of log line 2 can’t be undone or redone: it can’t be read as a change"));
  g_assert_cmpint (run ("check", path, NULL), ==, 4);
  g_assert_nonnull (strstr (err->str, "the change of log line 2 can’t be undone or redone: it can’t be read as a change"));
  g_file_get_contents (path, &after, &after_size, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (before, before_size, after, after_size);

  g_remove (path);
  g_remove (export_path);
  g_rmdir (dir);
}

/* A change that would put a real where a whole number belongs: the
 * import took it, and redoing such a change wrote the real into the
 * campaign, which `check` then called damaged. The import now refuses
 * it, in `check`'s words. */
static void
test_cli_campaign_import_change_not_whole (void)
{
  /* Player 1 added: id 1, "Anna", "red", and 1.5 for the turn order. */
  static const guint8 change[] = {
    'T', 4, 1, 0, 0, 0, 'p', 'l', 'a', 'y', 'e', 'r', 0,
    SQLITE_INSERT, 0,
    SQLITE_INTEGER, 0, 0, 0, 0, 0, 0, 0, 1,
    SQLITE_TEXT, 4, 'A', 'n', 'n', 'a',
    SQLITE_TEXT, 3, 'r', 'e', 'd',
    SQLITE_FLOAT, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0,
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "real.nile", NULL);
  g_autofree char *export_path = g_build_filename (dir, "real.json", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "real-import.nile", NULL);

  g_assert_no_error (error);
  assert_import_refuses_change (path, change, sizeof change, export_path, nowhere,
                                "the change of journal line 2 can’t be undone or redone: "
                                "it would write into “player” a number no change may: "
                                "The position in the turn order must be from 1 to 1,000,000, not 1.5");

  g_remove (path);
  g_remove (export_path);
  g_rmdir (dir);
}

/* `show` with the owner's sheets unreadable: the rulebook's cells
 * stand, and the reason is ours, naming the file. A folder in the
 * file's place, as root reads any file. */
static void
test_cli_campaign_show_unreadable_sheets (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "sheets.nile", NULL);
  g_autofree char *sheets_dir = g_build_filename (data_home, APP_ID, NULL);
  g_autofree char *sheets = g_build_filename (sheets_dir, "sheets.json", NULL);
  g_autofree char *kept = g_build_filename (sheets_dir, "sheets.json.kept", NULL);
  g_autofree char *said = NULL;
  gboolean had_sheets;
  gboolean had_dir = g_file_test (sheets_dir, G_FILE_TEST_IS_DIR);

  g_assert_no_error (error);
  g_assert_cmpint (run ("new", path, "--name", "Sheets", NULL), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (sheets_dir, 0700), ==, 0);
  had_sheets = g_file_test (sheets, G_FILE_TEST_EXISTS);
  if (had_sheets)
    g_assert_cmpint (g_rename (sheets, kept), ==, 0);
  g_assert_cmpint (g_mkdir (sheets, 0700), ==, 0);

  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  said = g_strdup_printf ("nile-ledger: your Activity Level Chart can’t be read, so movement follows the "
                          "rulebook’s cells only: Your sheets can’t be read: “%s” is a folder, not a file\n", sheets);
  g_assert_cmpstr (err->str, ==, said);

  g_assert_cmpint (g_rmdir (sheets), ==, 0);
  if (had_sheets)
    g_assert_cmpint (g_rename (kept, sheets), ==, 0);
  /* Left as the other tests find it. */
  if (!had_dir)
    g_assert_cmpint (g_rmdir (sheets_dir), ==, 0);
  g_remove (path);
  g_rmdir (dir);
}

/* `show` says why a canoe expedition has no movement points: short of
 * one bearer a canoe it drifts (R 9.26); with no canoes it cannot go by
 * water at all. Neither is a cell to read off the board, and `show
 * --json` tells them apart from one by "movement-note". */
static void
test_cli_campaign_show_canoes_that_cannot_paddle (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "drift.nile", NULL);

  g_assert_no_error (error);
  g_assert_cmpint (run ("new", path, "--name", "Drift", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "new-explorer", "player=Anna", "name=Stanley", "specialty=explorer",
                        "port=Zanzibar", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "set-out", "player=Anna", "hex=C1", NULL), ==, 0);

  g_assert_cmpint (run ("do", path, "set-makeup", "player=Anna", "mode=canoe", "canoes=2", "bearers=1", NULL), ==, 0);
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Movement: Too few bearers to paddle, so the canoes drift one hex downstream (R 9.26)"));
  g_assert_null (strstr (out->str, "read the cell off your board"));
  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "\"movement-note\" : \"Too few bearers to paddle, so the canoes drift one hex downstream (R 9.26)\""));

  g_assert_cmpint (run ("do", path, "set-makeup", "player=Anna", "canoes=0", NULL), ==, 0);
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Movement: A canoe expedition without canoes cannot move by water"));
  g_assert_null (strstr (out->str, "read the cell off your board"));
  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  g_assert_cmpint (movement_of (out->str, "normal"), ==, -1);
  g_assert_nonnull (strstr (out->str,
                            "\"movement-note\" : \"A canoe expedition without canoes cannot move by water\""));

  /* Back on foot: the allowances are the chart's, nothing to explain;
   * a blank cell stays -1 with no note. */
  g_assert_cmpint (run ("do", path, "set-makeup", "player=Anna", "mode=foot", NULL), ==, 0);
  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "\"movement-note\" : null"));

  g_remove (path);
  g_rmdir (dir);
}

/* R 5.423: set-makeup takes a ride mount from a mounted expedition of
 * four: it stays marked mounted, and `show --json` gives the movement and
 * the capability of an expedition on foot, both, and says it is on foot. */
static void
test_cli_campaign_not_all_mounted (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "mounted.nile", NULL);

  g_assert_no_error (error);
  g_assert_cmpint (run ("new", path, "--name", "Mounted", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "new-explorer", "player=Anna", "name=Speke", "specialty=explorer",
                        "port=Durban", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "outfit", "player=Anna", "kind=horses", "count=6", "cost=600", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "outfit", "player=Anna", "kind=bearers", "count=3", "cost=30", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "outfit", "player=Anna", "kind=rations", "count=40", "cost=40", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "set-mode", "player=Anna", "mode=mounted", "ride_horses=4", NULL), ==, 0);

  /* Four ride, two packed: 4 × 5 + 2 × 20; mounted reckless is 6 (R 9.12). */
  assert_load (path, 40, 60, 0);
  g_assert_cmpint (movement_of (out->str, "reckless"), ==, 6);
  g_assert_nonnull (strstr (out->str, "\"travel-mode\" : \"mounted\""));

  g_assert_cmpint (run ("do", path, "set-makeup", "player=Anna", "ride_horses=3", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "on foot (R 5.423)"));

  /* Not everyone rides: on foot, two bearers carry 20 and one leads the
   * two pack horses, 40; the mounted sum would be 55. */
  assert_load (path, 40, 60, 0);
  g_assert_cmpint (movement_of (out->str, "reckless"), ==, 4);
  g_assert_nonnull (strstr (out->str, "\"mode\" : \"mounted\""));
  g_assert_nonnull (strstr (out->str, "\"travel-mode\" : \"foot\""));

  g_remove (path);
  g_rmdir (dir);
}

/* `show --json`: @name's status, the turn it last changed and the
 * status he left then. */
static void
assert_status (const char *path,
               const char *name,
               const char *status,
               int         turn,
               const char *previous)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *explorers;

  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  json_parser_load_from_data (parser, out->str, -1, &error);
  g_assert_no_error (error);
  explorers = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "explorers");
  for (guint i = 0; i < json_array_get_length (explorers); i++)
    {
      JsonObject *explorer = json_array_get_object_element (explorers, i);

      if (!g_str_equal (json_object_get_string_member (explorer, "name"), name))
        continue;
      g_assert_cmpstr (json_object_get_string_member (explorer, "status"), ==, status);
      g_assert_cmpint (json_object_get_int_member (explorer, "status-turn"), ==, turn);
      g_assert_cmpstr (json_object_get_string_member (explorer, "previous-status"), ==, previous);
      return;
    }
  g_assert_not_reached ();
}

/* Into port, to sea and to Europe in one turn, and publishing there,
 * are refused: the turn after he enters port an explorer may sail, and
 * the voyage takes that whole turn (R 21.4). Export and import keep the
 * turn of every change. */
static void
test_cli_campaign_voyage (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "s.nile", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.nile", NULL);
  g_autofree char *exported = g_build_filename (dir, "s.json", NULL);
  g_autofree char *show_before = NULL;
  const char * const others[] = { "player=Bartholomew", "player=Clara" };

  g_assert_no_error (error);
  g_assert_cmpint (run ("sample", path, NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "move", "player=Amelia", "hex=Zanzibar", "status=in-port", NULL), ==, 0);
  assert_status (path, "Livingstone", "in-port", 7, "in-africa");
  g_assert_cmpint (run ("do", path, "move", "player=Amelia", "status=at-sea", NULL), ==, 2);
  g_assert_cmpstr (err->str, ==,
                   "nile-ledger: Livingstone entered port this turn; he may sail for Europe next turn (R 21.4)\n");
  g_assert_cmpint (run ("do", path, "move", "player=Amelia", "status=in-europe", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "(R 21.4)"));
  g_assert_cmpint (run ("do", path, "publish", "player=Amelia", NULL), ==, 2);
  assert_status (path, "Livingstone", "in-port", 7, "in-africa");

  /* The rules' way: to sea the turn after, and to Europe as that turn
   * ends. */
  g_assert_cmpint (run ("do", path, "end-turn", "player=Amelia", NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    g_assert_cmpint (run ("do", path, "end-turn", others[i], NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "move", "player=Amelia", "status=at-sea", NULL), ==, 0);
  assert_status (path, "Livingstone", "at-sea", 8, "in-port");
  g_assert_cmpint (run ("do", path, "move", "player=Amelia", "status=in-europe", NULL), ==, 2);
  g_assert_nonnull (strstr (err->str, "Livingstone set sail this turn"));
  g_assert_cmpint (run ("do", path, "publish", "player=Amelia", NULL), ==, 2);
  g_assert_cmpint (run ("do", path, "end-turn", "player=Amelia", NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, "End of Amelia’s turn 8. Livingstone reaches Europe\n");
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    g_assert_cmpint (run ("do", path, "end-turn", others[i], NULL), ==, 0);
  assert_status (path, "Livingstone", "in-europe", 8, "at-sea");
  g_assert_cmpint (run ("do", path, "publish", "player=Amelia", NULL), ==, 0);
  /* A port no one has named is refused as it is given, not once its
   * passage is reckoned. */
  g_assert_cmpint (run ("do", path, "sail", "player=Amelia", "port=Atlantis", NULL), ==, 2);
  g_assert_true (g_str_has_prefix (err->str, "nile-ledger: “Atlantis” is not a port the campaign knows."));

  /* The copy holds the same turns, and the voyage undoes in it. */
  g_assert_cmpint (run ("export", path, NULL), ==, 0);
  g_file_set_contents (exported, out->str, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (run ("import", exported, copy, NULL), ==, 0);
  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  show_before = g_strdup (out->str);
  g_assert_cmpint (run ("show", copy, "--json", NULL), ==, 0);
  g_assert_cmpstr (out->str, ==, show_before);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (run ("undo", copy, NULL), ==, 0);
  assert_status (copy, "Livingstone", "at-sea", 8, "in-port");
  g_assert_cmpint (run ("check", copy, NULL), ==, 0);

  g_remove (path);
  g_remove (copy);
  g_remove (exported);
  g_rmdir (dir);
}

/* Stanley publishes B12 and retires in Europe; Speke mapped B12 too.
 * Returns the file, in a folder of its own. */
static char *
make_published_first (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  char *path = g_build_filename (dir, "s.nile", NULL);
  static const char * const ops[][6] = {
    { "add-player", "name=Anna" },
    { "add-player", "name=Burton" },
    { "new-explorer", "player=Anna", "name=Stanley", "specialty=journalist", "port=Zanzibar" },
    { "new-explorer", "player=Burton", "name=Speke", "specialty=geologist", "port=Zanzibar" },
    { "set-out", "player=Anna", "hex=B12" },
    { "set-out", "player=Burton", "hex=B12" },
    { "record-hex", "player=Anna", "hex=B12", "terrain=veldt", "vp=2" },
    { "record-hex", "player=Burton", "hex=B12", "terrain=veldt", "vp=2" },
    { "move", "player=Anna", "hex=Zanzibar", "status=in-port", "distance=0" },
    { "end-turn", "player=Anna" },
    { "end-turn", "player=Burton", "terrain=veldt" },
    { "move", "player=Anna", "status=at-sea" },
    { "end-turn", "player=Anna" },
    { "end-turn", "player=Burton", "terrain=veldt" },
    { "publish", "player=Anna" },
  };

  g_assert_no_error (error);
  g_assert_cmpint (run ("new", path, "--name", "First", "--edition", "ah", NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    g_assert_cmpint (run ("do", path, ops[i][0], ops[i][1], ops[i][2], ops[i][3], ops[i][4], ops[i][5], NULL),
                     ==, 0);
  return path;
}

static void
remove_published_first (char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_remove (path);
  g_rmdir (dir);
  g_free (path);
}

/* A hex another explorer published first scores nothing for the one who
 * mapped it too (R 22.3): `show` says its VP are lost, not waiting. */
static void
test_cli_campaign_show_published_first (void)
{
  char *path = make_published_first ();

  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "  B12 by Stanley, turn 1: veldt, 2 VP, published\n"));
  g_assert_nonnull (strstr (out->str, "  B12 by Speke, turn 1: veldt, 2 VP, lost: published first by Stanley\n"));
  g_assert_cmpint (run ("show", path, "--json", NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "\"published-first-by\" : \"Stanley\""));
  remove_published_first (path);
}

/* An explorer who retires in Europe retired there, not at the port he
 * sailed from; one who retires in port did so at the port. */
static void
test_cli_campaign_show_retired_in_europe (void)
{
  char *path = make_published_first ();

  g_assert_cmpint (run ("do", path, "retire", "player=Anna", NULL), ==, 0);
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "  Stanley (Anna), Journalist — retired in Europe\n"));
  remove_published_first (path);
}

/* Runs `nile-ledger ARGS…` in a child whose files may not grow past a
 * few bytes, as on a full disk (the log's index is the first file a
 * change grows); returns what it printed on stderr. */
static void
run_with_disk_full (const char *const *args,
                    int                expected_status)
{
  if (g_test_subprocess ())
    {
      struct rlimit limit = { 1024, 1024 };
      g_auto(GStrv) given = g_strsplit (g_getenv ("NILE_TEST_ARGS"), "\n", 5);
      const char *argv[5] = { NULL, };
      int status;

      /* As many as were given, the rest NULL: run() stops at the first. */
      for (guint i = 0; i < G_N_ELEMENTS (argv) && given[i] != NULL; i++)
        argv[i] = given[i];
      signal (SIGXFSZ, SIG_IGN);
      if (setrlimit (RLIMIT_FSIZE, &limit) != 0)
        exit (99);
      status = run (argv[0], argv[1], argv[2], argv[3], argv[4], NULL);
      g_printerr ("%s\nexit status %d\n", err->str, status);
      exit (0);
    }

  {
    g_autofree char *joined = g_strjoinv ("\n", (char **) args);
    g_autofree char *status_line = g_strdup_printf ("*exit status %d*", expected_status);

    g_setenv ("NILE_TEST_ARGS", joined, TRUE);
    g_test_trap_subprocess ("/cli-campaign/disk-full", 0, G_TEST_SUBPROCESS_DEFAULT);
    g_unsetenv ("NILE_TEST_ARGS");
    g_test_trap_assert_passed ();
    g_test_trap_assert_stderr (status_line);
  }
}

/* A change refused on a full disk says so in a player's words, and the
 * files it leaves beside the campaign don't stop it being read, even
 * while the disk is still full. */
static void
test_cli_campaign_disk_full (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_size, after_size;

  if (g_test_subprocess ())
    {
      run_with_disk_full (NULL, 0);
      return;
    }

  dir = g_dir_make_tmp ("nile-cli-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "full.nile", NULL);
  g_assert_cmpint (run ("new", path, "--name", "Full", NULL), ==, 0);
  g_assert_cmpint (run ("do", path, "add-player", "name=Anna", NULL), ==, 0);
  g_file_get_contents (path, &before, &before_size, &error);
  g_assert_no_error (error);

  {
    const char *args[] = { "do", path, "add-player", "name=Dora", NULL, NULL };

    run_with_disk_full (args, NILE_CLI_EXIT_BAD_FILE);
    g_test_trap_assert_stderr ("*The disk is full; the last change was not saved*");
    g_test_trap_assert_stderr_unmatched ("*I/O*");
  }
  {
    const char *args[] = { "show", path, NULL, NULL, NULL, NULL };

    run_with_disk_full (args, NILE_CLI_EXIT_OK);
  }

  g_file_get_contents (path, &after, &after_size, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (before, before_size, after, after_size);
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Anna"));
  g_assert_null (strstr (out->str, "Dora"));

  /* Room again: the change goes through. */
  g_assert_cmpint (run ("do", path, "add-player", "name=Dora", NULL), ==, 0);
  g_assert_cmpint (run ("show", path, NULL), ==, 0);
  g_assert_nonnull (strstr (out->str, "Dora"));

  nile_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* The owner's table sheets are this test's own, never the
   * developer's: set before anything asks GLib for the folder. */
  data_home = g_dir_make_tmp ("nile-cli-campaign-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  g_test_init (&argc, &argv, NULL);
  out = g_string_new (NULL);
  err = g_string_new (NULL);

  g_test_add_func ("/cli-campaign/scenario", test_cli_campaign_scenario);
  g_test_add_func ("/cli-campaign/bad-file", test_cli_campaign_bad_file);
  g_test_add_func ("/cli-campaign/import-unreadable", test_cli_campaign_import_unreadable);
  g_test_add_func ("/cli-campaign/import-odd-members", test_cli_campaign_import_odd_members);
  g_test_add_func ("/cli-campaign/change-without-end", test_cli_campaign_change_without_end);
  g_test_add_func ("/cli-campaign/import-change-not-whole", test_cli_campaign_import_change_not_whole);
  g_test_add_func ("/cli-campaign/show-unreadable-sheets", test_cli_campaign_show_unreadable_sheets);
  g_test_add_func ("/cli-campaign/read-only", test_cli_campaign_read_only);
  g_test_add_func ("/cli-campaign/rules-ops", test_cli_campaign_rules_ops);
  g_test_add_func ("/cli-campaign/voyage", test_cli_campaign_voyage);
  g_test_add_func ("/cli-campaign/show-published-first", test_cli_campaign_show_published_first);
  g_test_add_func ("/cli-campaign/show-retired-in-europe", test_cli_campaign_show_retired_in_europe);

  g_test_add_func ("/cli-campaign/show-owners-chart", test_cli_campaign_show_owners_chart);
  g_test_add_func ("/cli-campaign/not-all-mounted", test_cli_campaign_not_all_mounted);
  g_test_add_func ("/cli-campaign/double-dash", test_cli_campaign_double_dash);
  g_test_add_func ("/cli-campaign/player-names", test_cli_campaign_player_names);
  g_test_add_func ("/cli-campaign/whole-numbers", test_cli_campaign_whole_numbers);
  g_test_add_func ("/cli-campaign/options-not-utf8", test_cli_campaign_options_not_utf8);
  g_test_add_func ("/cli-campaign/impossible-effects", test_cli_campaign_impossible_effects);
  g_test_add_func ("/cli-campaign/remove-player", test_cli_campaign_remove_player);
  g_test_add_func ("/cli-campaign/advice-names-commands", test_cli_campaign_advice_names_commands);
  g_test_add_func ("/cli-campaign/advice-names-settings", test_cli_campaign_advice_names_settings);
  g_test_add_func ("/cli-campaign/blank-names", test_cli_campaign_blank_names);
  g_test_add_func ("/cli-campaign/c-locale", test_cli_campaign_c_locale);
  g_test_add_func ("/cli-campaign/disk-full", test_cli_campaign_disk_full);
  g_test_add_func ("/cli-campaign/show-canoes-that-cannot-paddle", test_cli_campaign_show_canoes_that_cannot_paddle);

  status = g_test_run ();
  nile_test_remove_tree (data_home);
  g_free (data_home);
  g_string_free (out, TRUE);
  g_string_free (err, TRUE);
  return status;
}
