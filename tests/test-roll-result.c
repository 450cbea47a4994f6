/* test-roll-result.c: roll results as values, through GVariant and JSON
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "nile-error.h"
#include "roll-test-utils.h"

static void
assert_same_result (NileRollResult *a,
                    NileRollResult *b)
{
  g_autofree char *json_a = nile_roll_result_to_json (a, FALSE);
  g_autofree char *json_b = nile_roll_result_to_json (b, FALSE);
  g_autoptr(GVariant) variant_a = g_variant_ref_sink (nile_roll_result_to_variant (a));
  g_autoptr(GVariant) variant_b = g_variant_ref_sink (nile_roll_result_to_variant (b));

  g_assert_cmpstr (json_a, ==, json_b);
  g_assert_true (g_variant_equal (variant_a, variant_b));
}

static NileRollResult *
round_trip (NileRollResult *result)
{
  g_autoptr(GVariant) variant = g_variant_ref_sink (nile_roll_result_to_variant (result));
  g_autoptr(GError) error = NULL;
  NileRollResult *copy;

  /* Through the bytes, as the campaign log stores it. */
  {
    g_autoptr(GBytes) bytes = g_variant_get_data_as_bytes (variant);
    g_autoptr(GVariant) stored = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));

    copy = nile_roll_result_new_from_variant (stored, &error);
  }
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  return copy;
}

static void
test_variant_round_trip (void)
{
  static const struct {
    const char *name;
    NileEdition edition;
    const char *inputs;
    const char *dice;
  } cases[] = {
    { "combat", NILE_EDITION_DG, "{'askaris': <10>, 'natives': <30>, 'armed': <true>, 'charge': <true>}",
      "1,4,2,2,3,5,3,1,3" },
    { "victory", NILE_EDITION_DG, "{'askaris': <5>, 'policy': <2>, 'natives': <10>, 'desert': <true>}",
      "6,2,2,1,2,3,4,5,6,6,5,1,1" },
    { "defeat", NILE_EDITION_DG, NULL, "6,1,6,6" },
    { "native-attitude", NILE_EDITION_DG, "{'distance': <3>, 'policy': <4>, 'askaris': <0>}", "4,4,3" },
    { "turn-order", NILE_EDITION_AH, "{'players': <3>}", "1,1,1,1,6,6,6,6,2,2,2,2" },
    { "lost", NILE_EDITION_DG, "{'downstream': <true>}", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(NileRollResult) result = roll_ok (cases[i].name, cases[i].edition, cases[i].inputs, cases[i].dice);
      g_autoptr(NileRollResult) copy = round_trip (result);

      assert_same_result (result, copy);
      g_assert_cmpstr (nile_roll_result_get_roll (copy), ==, cases[i].name);
      g_assert_cmpint (nile_roll_result_get_edition (copy), ==, cases[i].edition);
      g_assert_cmpstr (nile_roll_result_get_text (copy), ==, nile_roll_result_get_text (result));
    }
}

static void
test_cell_and_needs_cell (void)
{
  g_autoptr(NileRollResult) result = nile_roll_result_new ("native-attitude", NILE_EDITION_AH, NULL);
  g_autoptr(NileRollResult) copy = NULL;
  GVariantBuilder coords;
  const char *sheet, *value;
  GVariant *cell_coords;
  NileRollCellState state;
  int total;

  g_assert_false (nile_roll_result_get_cell (result, NULL, NULL, NULL, NULL));
  g_assert_cmpint (nile_roll_result_get_status (result), ==, NILE_ROLL_STATUS_DONE);

  g_variant_builder_init (&coords, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&coords, "{ss}", "policy", "3");
  g_variant_builder_add (&coords, "{ss}", "activity", "normal");
  g_variant_builder_add (&coords, "{ss}", "2d6", "8");
  nile_roll_result_set_needs_cell (result, "ah-native-attitude", g_variant_builder_end (&coords), 8);

  g_assert_cmpint (nile_roll_result_get_status (result), ==, NILE_ROLL_STATUS_NEEDS_CELL);
  g_assert_true (nile_roll_result_get_cell (result, &sheet, &cell_coords, &value, &state));
  g_assert_cmpstr (sheet, ==, "ah-native-attitude");
  g_assert_null (value);
  g_assert_cmpint (state, ==, NILE_ROLL_CELL_BLANK);
  g_assert_true (nile_roll_result_get_total (result, &total));
  g_assert_cmpint (total, ==, 8);

  copy = round_trip (result);
  assert_same_result (result, copy);
  g_assert_cmpint (nile_roll_result_get_status (copy), ==, NILE_ROLL_STATUS_NEEDS_CELL);

  /* The owner reads the cell; the roll keeps the value it used. The
   * sheet and coordinates handed back are the result's own. */
  nile_roll_result_set_cell (result, sheet, cell_coords, "hostile", NILE_ROLL_CELL_LEARNED);
  nile_roll_result_set_outcome (result, "hostile");
  nile_roll_result_set_outcome (result, nile_roll_result_get_outcome (result));
  g_assert_cmpstr (nile_roll_result_get_outcome (result), ==, "hostile");
  g_assert_true (nile_roll_result_get_cell (result, &sheet, NULL, &value, &state));
  g_assert_cmpstr (sheet, ==, "ah-native-attitude");
  g_assert_cmpstr (value, ==, "hostile");
  g_assert_cmpint (state, ==, NILE_ROLL_CELL_LEARNED);
  g_clear_object (&copy);
  copy = round_trip (result);
  assert_same_result (result, copy);
}

static JsonObject *
parse_json (NileRollResult *result,
            JsonParser     *parser)
{
  g_autofree char *text = nile_roll_result_to_json (result, TRUE);
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_json_fields (void)
{
  static const char * const always[] = {
    "roll", "edition", "dice", "total", "outcome", "modifiers", "cell", "effects", "steps", "text",
  };
  g_autoptr(NileRollResult) result =
    roll_ok ("victory", NILE_EDITION_DG, "{'askaris': <5>, 'policy': <2>, 'natives': <10>, 'desert': <true>}",
             "6,2,2,1,2,3,4,5,6,6,5,1,1");
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object = parse_json (result, parser);
  JsonObject *loot, *step;
  JsonArray *array;

  for (guint i = 0; i < G_N_ELEMENTS (always); i++)
    g_assert_true (json_object_has_member (object, always[i]));

  g_assert_cmpstr (json_object_get_string_member (object, "roll"), ==, "victory");
  g_assert_cmpstr (json_object_get_string_member (object, "edition"), ==, "dg");
  g_assert_cmpstr (json_object_get_string_member (object, "outcome"), ==, "looted");
  g_assert_true (json_object_get_null_member (object, "cell"));
  g_assert_true (json_object_get_null_member (object, "total"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "dice")), ==, 13);
  g_assert_cmpint (json_object_get_int_member (object, "prisoners"), ==, 0);
  g_assert_true (json_object_get_boolean_member (object, "village_found"));
  g_assert_true (json_object_get_boolean_member (object, "looted"));

  loot = json_object_get_object_member (object, "loot");
  g_assert_cmpint (json_object_get_int_member (loot, "rations"), ==, 12);
  g_assert_cmpint (json_object_get_int_member (loot, "gifts"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (loot, "camels"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (loot, "canoes"), ==, 0);

  array = json_object_get_array_member (object, "steps");
  g_assert_cmpuint (json_array_get_length (array), ==, 3);
  step = json_array_get_object_element (array, 2);
  g_assert_cmpstr (json_object_get_string_member (step, "name"), ==, "looting");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (step, "dice")), ==, 10);

  array = json_object_get_array_member (object, "effects");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (array, 0), "kind"), ==,
                   "rations");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (array, 0), "amount"), ==, 12);
}

static void
test_json_modifiers_and_total (void)
{
  g_autoptr(NileRollResult) result =
    roll_ok ("native-attitude", NILE_EDITION_DG,
             "{'distance': <3>, 'policy': <4>, 'askaris': <0>, 'no-muskets': <true>}", "4,4,3");
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object = parse_json (result, parser);
  JsonArray *modifiers = json_object_get_array_member (object, "modifiers");
  JsonObject *first = json_array_get_object_element (modifiers, 0);

  g_assert_cmpint (json_object_get_int_member (object, "total"), ==, 11);
  g_assert_cmpuint (json_array_get_length (modifiers), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (first, "reason"), ==, "distance to port");
  g_assert_cmpint (json_object_get_int_member (first, "value"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (object, "text"), ==,
                   "Hostile: 3d6 = 11 beats 10 (DG, Encounter the Natives)");
}

static void
test_corrupt_variants (void)
{
  static const char * const texts[] = {
    "@a{sv} {}",
    "{'roll': <'cache'>}",
    "{'roll': <'cache'>, 'edition': <'xx'>, 'status': <'done'>, 'inputs': <@a{sv} {}>}",
    "{'roll': <'cache'>, 'edition': <'ah'>, 'status': <'maybe'>, 'inputs': <@a{sv} {}>}",
    "{'roll': <'cache'>, 'edition': <'ah'>, 'status': <'done'>, 'inputs': <@a{sv} {}>, "
    "'dice': <@ay [9]>}",
    "{'roll': <'cache'>, 'edition': <'ah'>, 'status': <'done'>, 'inputs': <@a{sv} {}>, "
    "'dice': <@ay [1]>, 'modifiers': <@a(si) []>, 'effects': <[('flood', 1, '')]>}",
    "{'roll': <'cache'>, 'edition': <'ah'>, 'status': <'done'>, 'inputs': <@a{sv} {}>, "
    "'dice': <@ay [1]>, 'modifiers': <@a(si) []>, 'effects': <@a(sis) []>, "
    "'steps': <[('x', @u 0, @u 5, '')]>}",
    "{'roll': <'cache'>, 'edition': <'ah'>, 'status': <'done'>, 'inputs': <@a{sv} {}>, "
    "'dice': <@ay [1]>, 'modifiers': <@a(si) []>, 'effects': <@a(sis) []>, "
    "'steps': <@a(suus) []>}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GVariant) variant = g_variant_parse (NULL, texts[i], NULL, NULL, &error);
      g_autoptr(NileRollResult) result = NULL;

      g_assert_no_error (error);
      result = nile_roll_result_new_from_variant (variant, &error);
      g_assert_null (result);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
    }

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(NileRollResult) result =
      nile_roll_result_new_from_variant (g_variant_new_string ("cache"), &error);

    g_assert_null (result);
    g_assert_error (error, NILE_ERROR, NILE_ERROR_CORRUPT);
  }
}

static void
test_effect_kinds (void)
{
  for (NileEffectKind kind = 0; kind < NILE_N_EFFECTS; kind++)
    {
      const char *nick = nile_effect_kind_to_nick (kind);
      NileEffectKind back;

      g_assert_nonnull (nick);
      g_assert_nonnull (nile_effect_kind_get_description (kind));
      g_assert_true (nile_effect_kind_from_nick (nick, &back));
      g_assert_cmpint (back, ==, kind);
    }
  {
    NileEffectKind kind;

    g_assert_false (nile_effect_kind_from_nick ("flood", &kind));
  }
}

static void
test_properties (void)
{
  g_autoptr(NileRollResult) result = roll_ok ("cache", NILE_EDITION_AH, NULL, "1");
  g_autofree char *roll = NULL, *outcome = NULL, *text = NULL, *status = NULL;
  NileEdition edition;

  g_object_get (result, "roll", &roll, "edition", &edition, "outcome", &outcome,
                "text", &text, "status", &status, NULL);
  g_assert_cmpstr (roll, ==, "cache");
  g_assert_cmpint (edition, ==, NILE_EDITION_AH);
  g_assert_cmpstr (outcome, ==, "gone");
  g_assert_cmpstr (text, ==, "The cache is gone: 1 (R 17.6)");
  g_assert_cmpstr (status, ==, "done");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/roll-result/variant-round-trip", test_variant_round_trip);
  g_test_add_func ("/roll-result/cell", test_cell_and_needs_cell);
  g_test_add_func ("/roll-result/json-fields", test_json_fields);
  g_test_add_func ("/roll-result/json-modifiers", test_json_modifiers_and_total);
  g_test_add_func ("/roll-result/corrupt", test_corrupt_variants);
  g_test_add_func ("/roll-result/effect-kinds", test_effect_kinds);
  g_test_add_func ("/roll-result/properties", test_properties);

  return g_test_run ();
}
