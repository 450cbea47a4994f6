/* test-display-names.c: every nick a player can meet has words
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-expedition.h"
#include "nile-operation.h"
#include "nile-random-dice.h"
#include "nile-roll.h"
#include "nile-roll-result.h"
#include "nile-sheet-store.h"
#include "nile-sheet.h"
#include "nile-test-utils.h"

static GType
enum_type (gconstpointer data)
{
  GType (*type_func) (void) = data;

  return type_func ();
}

static void
check_nick (GType       type,
            const char *nick)
{
  const char *name = nile_display_name (type, nick);
  const char *phrase = nile_display_phrase (type, nick);

  g_test_message ("%s %s → “%s” / “%s”", g_type_name (type), nick, name, phrase);
  g_assert_true (nile_display_has_words (type, nick));
  g_assert_cmpstr (name, !=, "");
  g_assert_cmpstr (phrase, !=, "");
  /* A name stands alone, so it starts with a capital. */
  g_assert_true (g_unichar_isupper (g_utf8_get_char (name)));
  /* No nick spelling (hyphens, underscores) reaches a reader. */
  g_assert_null (strchr (name, '_'));
  g_assert_null (strchr (phrase, '_'));
  g_assert_null (strchr (name, '-'));
  g_assert_null (strchr (phrase, '-'));
}

static void
test_every_nick (gconstpointer data)
{
  GType type = enum_type (data);
  g_autoptr(GTypeClass) klass = g_type_class_ref (type);

  if (G_TYPE_IS_FLAGS (type))
    {
      GFlagsClass *flags = G_FLAGS_CLASS (klass);

      /* The zero value ("none") counts too: an explorer may hold none. */
      for (guint i = 0; i < flags->n_values; i++)
        check_nick (type, flags->values[i].value_nick);
      g_assert_cmpuint (flags->n_values, >, 0);
    }
  else
    {
      GEnumClass *values = G_ENUM_CLASS (klass);

      for (guint i = 0; i < values->n_values; i++)
        check_nick (type, values->values[i].value_nick);
      g_assert_cmpuint (values->n_values, >, 0);
    }
}

static void
test_every_field (void)
{
  const NileExpeditionField *fields;
  guint n_fields;
  const char * const effect_kinds[] = { "vp", "explorer_dies" };

  fields = nile_expedition_fields (&n_fields);
  g_assert_cmpuint (n_fields, >, 0);
  for (guint i = 0; i < n_fields; i++)
    {
      const char *words = nile_display_field (fields[i].name);

      g_test_message ("%s → “%s”", fields[i].name, words);
      g_assert_true (nile_display_field_has_words (fields[i].name));
      g_assert_null (strchr (words, '_'));
    }

  for (gsize i = 0; i < G_N_ELEMENTS (effect_kinds); i++)
    {
      g_assert_true (nile_display_field_has_words (effect_kinds[i]));
      g_assert_null (strchr (nile_display_field (effect_kinds[i]), '_'));
    }
}

/* A roll's effects are described beside their kinds (nile-roll-result.c);
 * each must read as words, not as its nick. */
static void
test_every_effect_kind (void)
{
  for (guint kind = 0; kind < NILE_N_EFFECTS; kind++)
    {
      const char *nick = nile_effect_kind_to_nick (kind);
      const char *words = nile_effect_kind_get_description (kind);

      g_test_message ("%s → “%s”", nick, words);
      g_assert_nonnull (words);
      g_assert_cmpstr (words, !=, nick);
      g_assert_true (g_unichar_isupper (g_utf8_get_char (words)));
      g_assert_null (strchr (words, '_'));
    }
}

/* Every operation, every parameter it takes and every choice it offers
 * has a title for its form, so no form shows a name made up from the
 * program's own words, which translators never see. */
static void
test_every_operation_title (void)
{
  const NileOperation *ops;
  guint n_ops;

  ops = nile_operation_get_all (&n_ops);
  g_assert_cmpuint (n_ops, >, 0);
  for (guint i = 0; i < n_ops; i++)
    {
      if (nile_display_operation_title (ops[i].name) == NULL)
        g_error ("Operation “%s” has no title", ops[i].name);
      for (const NileOperationParam *param = ops[i].params; param->name != NULL; param++)
        if (nile_display_parameter_title (param->name) == NULL)
          g_error ("Parameter “%s” of “%s” has no title", param->name, ops[i].name);
    }

  /* A choice with no type of its own and no make-up field's name has a
   * title of its own. */
  for (guint i = 0; i < n_ops; i++)
    for (const NileOperationParam *param = ops[i].params; param->name != NULL; param++)
      for (guint c = 0; param->choices != NULL && param->choice_type == NULL && param->choices[c] != NULL; c++)
        if (!nile_display_field_has_words (param->choices[c]) &&
            nile_display_choice_title (param->choices[c]) == NULL)
          g_error ("Choice “%s” of “%s” has no title", param->choices[c], param->name);

  g_assert_cmpstr (nile_display_operation_title ("bonus-discovery"), ==, "Bonus Discovery");
  g_assert_cmpstr (nile_display_parameter_title ("vp"), ==, "VP");
  g_assert_cmpstr (nile_display_parameter_title ("poison2"), ==, "Second poison die");
  g_assert_null (nile_display_parameter_title ("no-such-parameter"));
  g_assert_cmpstr (nile_display_choice_title ("west-coast"), ==, "West coast");
}

static void
test_unknown_nick (void)
{
  /* Shown as it is rather than hidden, and never NULL. */
  g_assert_false (nile_display_has_words (NILE_TYPE_TERRAIN, "tundra"));
  g_assert_cmpstr (nile_display_terrain ("tundra"), ==, "tundra");
  g_assert_cmpstr (nile_display_terrain (NULL), ==, "");
  g_assert_cmpstr (nile_display_field ("yaks"), ==, "yaks");
}

static void
test_examples (void)
{
  g_autofree char *one = nile_display_specialty ("missionary");
  g_autofree char *two = nile_display_specialty ("medicine, zoology");

  g_assert_cmpstr (nile_display_status ("in-africa"), ==, "In Africa");
  g_assert_cmpstr (nile_display_phrase (NILE_TYPE_EXPLORER_STATUS, "at-sea"), ==, "at sea");
  g_assert_cmpstr (nile_display_edition ("ah"), ==, "Avalon Hill");
  g_assert_cmpstr (nile_display_edition ("dg"), ==, "Discovery Games");
  g_assert_cmpstr (nile_display_phrase (NILE_TYPE_TERRAIN, "jungle-swamp"), ==, "jungle and swamp");
  g_assert_cmpstr (nile_display_field ("sick_askaris"), ==, "sick askaris");
  g_assert_cmpstr (one, ==, "Missionary");
  g_assert_cmpstr (two, ==, "Medicine, Zoology");
}

static void
test_changes (void)
{
  NileExpedition before, after;
  g_autoptr(GArray) changes = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  nile_expedition_init (&before);
  before.sick_bearers = 1;
  before.rations = 12000;
  before.explorer_sick = TRUE;
  after = before;
  after.sick_bearers = 0;
  after.rations = 9500;
  after.explorer_sick = FALSE;
  after.mode = NILE_TRAVEL_MODE_MOUNTED;

  changes = nile_expedition_diff (&before, &after);
  nile_display_append_changes (text, changes);
  g_assert_cmpstr (text->str, ==,
                   "the explorer recovers, sick bearers 1 → 0, rations 12,000 → 9,500, on foot → mounted");
}

static void
test_format_number (void)
{
  const struct {
    gint64      value;
    const char *text;
  } cases[] = {
    { 0, "0" },
    { 7, "7" },
    { 999, "999" },
    { 1000, "1,000" },
    { 14000, "14,000" },
    { 250000, "250,000" },
    { 1234567, "1,234,567" },
    { -4200, "−4,200" },
    { G_MININT64, "−9,223,372,036,854,775,808" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = nile_format_number (cases[i].value);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_format_money (void)
{
  g_autofree char *thousand = nile_format_money (1000);
  g_autofree char *small = nile_format_money (60);
  g_autofree char *debt = nile_format_money (-1500);

  g_assert_cmpstr (thousand, ==, "$1,000");
  g_assert_cmpstr (small, ==, "$60");
  g_assert_cmpstr (debt, ==, "−$1,500");
}

static void
check_roll_word (const char *nick,
                 const char *where)
{
  const char *word = nile_display_roll_word (nick);

  g_test_message ("%s %s → “%s”", where, nick, word);
  g_assert_nonnull (word);
  g_assert_true (g_unichar_isupper (g_utf8_get_char (word)));
}

/* What the shipped sheets name: their axes and what their codes say
 * happens beyond the make-up. (Their texts are translated as they are
 * read: build-aux/sheet-strings.py.) */
static void
test_roll_words_sheets (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nile-roll-words-XXXXXX", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) store = nile_sheet_store_new_for_dir (dir, &error);
  GListModel *sheets;

  g_assert_no_error (error);
  sheets = nile_sheet_store_get_sheets (store);
  g_assert_cmpuint (g_list_model_get_n_items (sheets), >, 10);
  for (guint i = 0; i < g_list_model_get_n_items (sheets); i++)
    {
      g_autoptr(NileSheet) sheet = g_list_model_get_item (sheets, i);

      for (guint a = 0; a < nile_sheet_get_n_axes (sheet); a++)
        check_roll_word (nile_sheet_get_axis_name (sheet, a), "axis");
      for (guint c = 0; c < nile_sheet_get_n_codes (sheet); c++)
        {
          gboolean is_number;
          int number;
          JsonArray *effects = nile_sheet_peek_effects (sheet, nile_sheet_get_code (sheet, c), &is_number, &number);

          for (guint e = 0; effects != NULL && e < json_array_get_length (effects); e++)
            {
              const char *kind = json_object_get_string_member (json_array_get_object_element (effects, e), "kind");
              NileEffectKind known;

              if (!nile_effect_kind_from_nick (kind, &known) && !g_str_equal (kind, "next-roll"))
                check_roll_word (kind, "sheet effect");
            }
        }
    }
  nile_test_remove_tree (dir);
}

/* Every roll, in both editions, with many dice and inputs: each outcome
 * and each step it shows has words of ours. */
static void
test_roll_words_rolls (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nile-roll-words-XXXXXX", NULL);
  g_autoptr(NileSheetStore) store = nile_sheet_store_new_for_dir (dir, NULL);
  const NileRollSpec *specs;
  guint n_specs, n_results = 0;

  specs = nile_roll_get_all (&n_specs);
  for (guint i = 0; i < n_specs; i++)
    for (NileEdition e = 0; e < NILE_N_EDITIONS; e++)
      for (guint seed = 0; seed < 200 && specs[i].editions[e].run != NULL; seed++)
        {
          const NileRollInput *inputs = specs[i].editions[e].inputs;
          g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
          g_autoptr(NileDiceSource) dice = nile_random_dice_new_seeded (seed);
          g_autoptr(NileRollResult) result = NULL;
          const NileRollStep *steps;
          guint n_steps;

          for (guint k = 0; inputs[k].name != NULL; k++)
            {
              /* Each input takes each of its values in turn. */
              guint turn = seed / (k + 1);

              if (inputs[k].kind == NILE_ROLL_INPUT_INT)
                g_variant_dict_insert (&dict, inputs[k].name, "i",
                                       inputs[k].min + (int) (turn % (guint) MIN (inputs[k].max - inputs[k].min + 1, 12)));
              else if (inputs[k].kind == NILE_ROLL_INPUT_BOOL)
                g_variant_dict_insert (&dict, inputs[k].name, "b", (turn & 1) != 0);
              else
                {
                  g_autoptr(GEnumClass) type = g_type_class_ref (inputs[k].type_func ());

                  g_variant_dict_insert (&dict, inputs[k].name, "s",
                                         type->values[turn % type->n_values].value_nick);
                }
            }

          result = nile_roll_run (&specs[i], e, g_variant_dict_end (&dict), dice, NULL, NULL);
          if (result == NULL)
            continue;
          n_results++;
          /* A printed sheet's code is shown as the board has it. */
          if (specs[i].sheet_id == NULL ||
              nile_sheet_get_code_meaning (nile_sheet_store_lookup (store, specs[i].sheet_id),
                                           nile_roll_result_get_outcome (result)) == NULL)
            check_roll_word (nile_roll_result_get_outcome (result), specs[i].name);
          steps = nile_roll_result_get_steps (result, &n_steps);
          for (guint s = 0; s < n_steps; s++)
            check_roll_word (steps[s].name, specs[i].name);
        }
  g_assert_cmpuint (n_results, >, 1000);
  nile_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  const struct {
    const char *path;
    GType     (*type_func) (void);
  } types[] = {
    { "/display-names/edition", nile_edition_get_type },
    { "/display-names/activity", nile_activity_get_type },
    { "/display-names/terrain", nile_terrain_get_type },
    { "/display-names/tribe-size", nile_tribe_size_get_type },
    { "/display-names/travel-mode", nile_travel_mode_get_type },
    { "/display-names/specialty", nile_specialty_get_type },
    { "/display-names/dg-specialty", nile_dg_specialty_get_type },
    { "/display-names/explorer-status", nile_explorer_status_get_type },
    { "/display-names/bonus-item", nile_bonus_item_get_type },
  };

  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (types); i++)
    g_test_add_data_func (types[i].path, types[i].type_func, test_every_nick);
  g_test_add_func ("/display-names/field", test_every_field);
  g_test_add_func ("/display-names/effect-kind", test_every_effect_kind);
  g_test_add_func ("/display-names/operation-titles", test_every_operation_title);
  g_test_add_func ("/display-names/unknown", test_unknown_nick);
  g_test_add_func ("/display-names/examples", test_examples);
  g_test_add_func ("/display-names/changes", test_changes);
  g_test_add_func ("/display-names/format-number", test_format_number);
  g_test_add_func ("/display-names/format-money", test_format_money);
  g_test_add_func ("/display-names/roll-words/sheets", test_roll_words_sheets);
  g_test_add_func ("/display-names/roll-words/rolls", test_roll_words_rolls);

  return g_test_run ();
}
