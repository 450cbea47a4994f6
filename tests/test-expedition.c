/* test-expedition.c: the make-up table, carrying, food, water and carrier losses
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "nile-error.h"
#include "nile-expedition.h"

static NileExpedition
explorer_alone (void)
{
  NileExpedition expedition;

  nile_expedition_init (&expedition);
  return expedition;
}

static gboolean
has_warning (GPtrArray  *warnings,
             const char *code)
{
  for (guint i = 0; i < warnings->len; i++)
    {
      const NileExpeditionWarning *warning = g_ptr_array_index (warnings, i);

      if (g_str_equal (warning->code, code))
        {
          g_assert_nonnull (warning->text);
          g_assert_cmpstr (warning->text, !=, "");
          return TRUE;
        }
    }

  return FALSE;
}

static const char *
warning_text (GPtrArray  *warnings,
              const char *code)
{
  for (guint i = 0; i < warnings->len; i++)
    {
      const NileExpeditionWarning *warning = g_ptr_array_index (warnings, i);

      if (g_str_equal (warning->code, code))
        return warning->text;
    }

  g_assert_not_reached ();
}

static void
test_expedition_boxed (void)
{
  g_autoptr(NileExpedition) expedition = nile_expedition_new ();
  g_autoptr(NileExpedition) copy = NULL;
  NileExpedition *boxed;

  g_assert_true (G_TYPE_IS_BOXED (NILE_TYPE_EXPEDITION));
  g_assert_cmpint (expedition->mode, ==, NILE_TRAVEL_MODE_FOOT);
  g_assert_cmpint (nile_expedition_people (expedition), ==, 1);
  g_assert_false (expedition->explorer_sick);

  expedition->bearers = 12;
  copy = nile_expedition_copy (expedition);
  g_assert_true (copy != expedition);
  g_assert_true (nile_expedition_equal (copy, expedition));

  copy->gifts = 1;
  g_assert_false (nile_expedition_equal (copy, expedition));

  boxed = g_boxed_copy (NILE_TYPE_EXPEDITION, expedition);
  g_assert_true (nile_expedition_equal (boxed, expedition));
  g_boxed_free (NILE_TYPE_EXPEDITION, boxed);
}

static void
test_expedition_field_table (void)
{
  static const struct {
    const char *name;
    int weight;
    gboolean is_bonus;
  } items[] = {
    { "rations", 1, FALSE },
    { "fresh_rations", 1, FALSE },
    { "water", 1, FALSE },
    { "gifts", 1, FALSE },
    { "muskets", 1, FALSE },
    { "tusks", 7, TRUE },
    { "specimens", 2, TRUE },
    { "pelts", 2, TRUE },
  };
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const NileExpeditionField *fields;
  guint n_fields, n_items = 0;

  fields = nile_expedition_fields (&n_fields);
  g_assert_cmpuint (n_fields, ==, 25);

  for (guint i = 0; i < n_fields; i++)
    {
      g_assert_true (g_hash_table_add (seen, (gpointer) fields[i].name));
      g_assert_cmpuint (fields[i].offset, <, sizeof (NileExpedition));
      g_assert_nonnull (fields[i].description);
      g_assert_true (nile_expedition_find_field (fields[i].name) == &fields[i]);
      if (fields[i].is_item)
        n_items++;
      else
        g_assert_cmpint (fields[i].weight, ==, 0);
      if (fields[i].is_bonus)
        g_assert_true (fields[i].is_item);
    }

  g_assert_cmpuint (n_items, ==, G_N_ELEMENTS (items));
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      const NileExpeditionField *field = nile_expedition_find_field (items[i].name);

      g_assert_nonnull (field);
      g_assert_true (field->is_item);
      g_assert_cmpint (field->weight, ==, items[i].weight);
      g_assert_cmpint (field->is_bonus, ==, items[i].is_bonus);
    }

  g_assert_null (nile_expedition_find_field ("elephants"));
  g_assert_null (nile_expedition_find_field (NULL));
  g_assert_cmpint (nile_expedition_find_field ("mode")->kind, ==, NILE_EXPEDITION_FIELD_MODE);
  g_assert_cmpint (nile_expedition_find_field ("explorer_armed")->kind, ==, NILE_EXPEDITION_FIELD_FLAG);
  g_assert_cmpint (nile_expedition_find_field ("sick_bearers")->kind, ==, NILE_EXPEDITION_FIELD_COUNT);
}

static void
test_expedition_set_value (void)
{
  NileExpedition expedition = explorer_alone ();
  const NileExpeditionField *bearers = nile_expedition_find_field ("bearers");
  const NileExpeditionField *armed = nile_expedition_find_field ("explorer_armed");
  const NileExpeditionField *mode = nile_expedition_find_field ("mode");
  g_autoptr(GError) error = NULL;

  g_assert_true (nile_expedition_set_value (&expedition, bearers, 9, &error));
  g_assert_no_error (error);
  g_assert_cmpint (expedition.bearers, ==, 9);
  g_assert_cmpint (nile_expedition_get_value (&expedition, bearers), ==, 9);

  g_assert_true (nile_expedition_set_value (&expedition, armed, 1, NULL));
  g_assert_true (expedition.explorer_armed);
  g_assert_cmpint (nile_expedition_get_value (&expedition, armed), ==, 1);

  g_assert_true (nile_expedition_set_value (&expedition, mode, NILE_TRAVEL_MODE_CANOE, NULL));
  g_assert_cmpint (expedition.mode, ==, NILE_TRAVEL_MODE_CANOE);

  g_assert_false (nile_expedition_set_value (&expedition, bearers, -1, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_expedition_set_value (&expedition, armed, 2, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_expedition_set_value (&expedition, mode, 7, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  /* Nothing was changed by the refusals. */
  g_assert_cmpint (expedition.bearers, ==, 9);
  g_assert_true (expedition.explorer_armed);
  g_assert_cmpint (expedition.mode, ==, NILE_TRAVEL_MODE_CANOE);

  g_assert_true (nile_expedition_validate (&expedition, NULL));
  expedition.gifts = -3;
  g_assert_false (nile_expedition_validate (&expedition, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "Gifts cannot be negative"));
}

static void
test_expedition_parse_assignment (void)
{
  static const char *bad[] = {
    "bearers", "bearers=", "bearers=-1", "bearers=twelve", "bearers=3000000000",
    "elephants=2", "mode=swimming", "explorer_sick=maybe", "=4",
  };
  NileExpedition expedition = explorer_alone ();
  NileExpedition untouched;

  g_assert_true (nile_expedition_parse_assignment (&expedition, "bearers=12", NULL));
  g_assert_true (nile_expedition_parse_assignment (&expedition, " sick_askaris = 2 ", NULL));
  g_assert_true (nile_expedition_parse_assignment (&expedition, "explorer_armed=yes", NULL));
  g_assert_true (nile_expedition_parse_assignment (&expedition, "explorer_sick=TRUE", NULL));
  g_assert_true (nile_expedition_parse_assignment (&expedition, "mode=mounted", NULL));
  g_assert_cmpint (expedition.bearers, ==, 12);
  g_assert_cmpint (expedition.sick_askaris, ==, 2);
  g_assert_true (expedition.explorer_armed);
  g_assert_true (expedition.explorer_sick);
  g_assert_cmpint (expedition.mode, ==, NILE_TRAVEL_MODE_MOUNTED);
  g_assert_true (nile_expedition_parse_assignment (&expedition, "explorer_sick=no", NULL));
  g_assert_false (expedition.explorer_sick);

  untouched = expedition;
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (nile_expedition_parse_assignment (&expedition, bad[i], &error));
      g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      g_assert_true (nile_expedition_equal (&expedition, &untouched));
    }
}

static void
test_expedition_json (void)
{
  static const char *bad[] = {
    "{\"elephants\": 1}",
    "{\"bearers\": -2}",
    "{\"bearers\": \"ten\"}",
    "{\"bearers\": 2.5}",
    "{\"bearers\": 99999999999}",
    "{\"explorer_sick\": 1}",
    "{\"mode\": \"flying\"}",
    "{\"mode\": 1}",
    "{\"gifts\": 5, \"pelts\": null}",
  };
  NileExpedition expedition = explorer_alone ();
  NileExpedition read = explorer_alone ();
  g_autoptr(JsonObject) object = NULL;
  g_autoptr(GError) error = NULL;
  guint n_fields;

  expedition.bearers = 14;
  expedition.sick_guides = 1;
  expedition.explorer_armed = TRUE;
  expedition.canoes = 2;
  expedition.tusks = 3;
  expedition.mode = NILE_TRAVEL_MODE_CANOE;

  object = nile_expedition_to_json (&expedition);
  nile_expedition_fields (&n_fields);
  g_assert_cmpuint (json_object_get_size (object), ==, n_fields);
  g_assert_cmpint (json_object_get_int_member (object, "bearers"), ==, 14);
  g_assert_true (json_object_get_boolean_member (object, "explorer_armed"));
  g_assert_cmpstr (json_object_get_string_member (object, "mode"), ==, "canoe");

  g_assert_true (nile_expedition_update_from_json (&read, object, &error));
  g_assert_no_error (error);
  g_assert_true (nile_expedition_equal (&read, &expedition));

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(JsonNode) node = json_from_string (bad[i], NULL);
      NileExpedition before = read;

      g_assert_nonnull (node);
      g_assert_false (nile_expedition_update_from_json (&read, json_node_get_object (node), &error));
      g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      g_clear_error (&error);
      g_assert_true (nile_expedition_equal (&read, &before));
    }

  /* A partial object updates only what it names. */
  {
    g_autoptr(JsonNode) node = json_from_string ("{\"gifts\": 40, \"mode\": \"foot\"}", NULL);

    g_assert_true (nile_expedition_update_from_json (&read, json_node_get_object (node), NULL));
    g_assert_cmpint (read.gifts, ==, 40);
    g_assert_cmpint (read.mode, ==, NILE_TRAVEL_MODE_FOOT);
    g_assert_cmpint (read.bearers, ==, 14);
  }
}

static void
test_expedition_diff (void)
{
  NileExpedition before = explorer_alone ();
  NileExpedition after;
  g_autoptr(GArray) none = NULL;
  g_autoptr(GArray) changes = NULL;
  g_autofree char *text = NULL;
  const NileExpeditionChange *change;

  before.bearers = 12;
  before.rations = 30;
  after = before;

  none = nile_expedition_diff (&before, &after);
  g_assert_cmpuint (none->len, ==, 0);

  after.bearers = 9;
  after.explorer_sick = TRUE;
  after.mode = NILE_TRAVEL_MODE_CANOE;
  changes = nile_expedition_diff (&before, &after);
  g_assert_cmpuint (changes->len, ==, 3);

  /* Table order: the explorer's flags come first. */
  change = &g_array_index (changes, NileExpeditionChange, 0);
  g_assert_cmpstr (change->field->name, ==, "explorer_sick");
  change = &g_array_index (changes, NileExpeditionChange, 1);
  g_assert_cmpstr (change->field->name, ==, "bearers");
  g_assert_cmpint (change->before, ==, 12);
  g_assert_cmpint (change->after, ==, 9);

  text = nile_expedition_describe_changes (changes);
  g_assert_cmpstr (text, ==, "the explorer falls sick, bearers 12 → 9, on foot → by canoe");
}

static void
test_expedition_counting (void)
{
  NileExpedition expedition = explorer_alone ();

  expedition.bearers = 10;
  expedition.sick_bearers = 2;
  expedition.guides = 1;
  expedition.sick_guides = 1;
  expedition.askaris = 4;
  expedition.sick_askaris = 3;
  g_assert_cmpint (nile_expedition_people (&expedition), ==, 22);
  g_assert_cmpint (nile_expedition_sick_people (&expedition), ==, 6);
  g_assert_cmpint (nile_expedition_healthy_people (&expedition), ==, 16);
  g_assert_cmpint (nile_expedition_working_bearers (&expedition), ==, 10);

  expedition.explorer_is_bearer = TRUE;
  g_assert_cmpint (nile_expedition_working_bearers (&expedition), ==, 11);
  /* A sick explorer does no work at all. */
  expedition.explorer_sick = TRUE;
  g_assert_cmpint (nile_expedition_working_bearers (&expedition), ==, 10);
  g_assert_cmpint (nile_expedition_sick_people (&expedition), ==, 7);

  expedition.ride_horses = 2;
  expedition.pack_horses = 3;
  expedition.ride_camels = 1;
  expedition.pack_camels = 1;
  g_assert_cmpint (nile_expedition_horses (&expedition), ==, 5);
  g_assert_cmpint (nile_expedition_camels (&expedition), ==, 2);
  g_assert_cmpint (nile_expedition_ride_mounts (&expedition), ==, 3);
  g_assert_cmpint (nile_expedition_pack_mounts (&expedition), ==, 4);

  /* One bearer leads up to three pack animals. */
  {
    static const int pack_to_leaders[][2] = { { 0, 0 }, { 1, 1 }, { 3, 1 }, { 4, 2 }, { 6, 2 }, { 7, 3 } };

    for (guint i = 0; i < G_N_ELEMENTS (pack_to_leaders); i++)
      {
        NileExpedition e = explorer_alone ();

        e.pack_camels = pack_to_leaders[i][0];
        g_assert_cmpint (nile_expedition_leaders_needed (&e), ==, pack_to_leaders[i][1]);
      }
  }
}

/* The rulings' corrections of misprinted numbers: a bearer carries 10
 * (not 0), a man weighs 15 (not 1), a ride mount carries 5. */
static void
test_expedition_misprints (void)
{
  NileExpedition expedition = explorer_alone ();

  expedition.bearers = 1;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 10);

  expedition.sick_bearers = 1;
  g_assert_cmpint (nile_expedition_portage_cost (&expedition, FALSE), ==, 15);

  expedition = explorer_alone ();
  expedition.mode = NILE_TRAVEL_MODE_MOUNTED;
  expedition.ride_horses = 1;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 5);
  g_assert_cmpint (NILE_PACK_MOUNT_CAPACITY - NILE_WEIGHT_PERSON, ==, NILE_RIDE_MOUNT_CAPACITY);
}

static void
test_expedition_portage (void)
{
  NileExpedition expedition = explorer_alone ();

  expedition.bearers = 12;
  expedition.sick_askaris = 1;
  expedition.rations = 40;
  expedition.fresh_rations = 3;
  expedition.water = 10;
  expedition.gifts = 20;
  expedition.muskets = 5;
  expedition.tusks = 2;
  expedition.specimens = 1;
  expedition.pelts = 3;
  expedition.canoes = 2;

  g_assert_cmpint (nile_expedition_item_weight (&expedition), ==, 40 + 3 + 10 + 20 + 5 + 14 + 2 + 6);
  g_assert_cmpint (nile_expedition_bonus_weight (&expedition), ==, 14 + 2 + 6);

  /* On foot only the sick are carried, and canoes weigh nothing until a cataract. */
  g_assert_cmpint (nile_expedition_people_carried (&expedition), ==, 1);
  g_assert_cmpint (nile_expedition_portage_cost (&expedition, FALSE), ==, 100 + 15);

  expedition.explorer_sick = TRUE;
  g_assert_cmpint (nile_expedition_people_carried (&expedition), ==, 2);
  g_assert_cmpint (nile_expedition_portage_cost (&expedition, FALSE), ==, 100 + 30);

  /* In canoes everyone is carried. */
  expedition.mode = NILE_TRAVEL_MODE_CANOE;
  g_assert_cmpint (nile_expedition_people_carried (&expedition), ==, 14);
  g_assert_cmpint (nile_expedition_portage_cost (&expedition, FALSE), ==, 100 + 14 * 15);

  /* Around a cataract: items, the sick and 40 per canoe. */
  g_assert_cmpint (nile_expedition_portage_cost (&expedition, TRUE), ==, 100 + 30 + 80);
}

static void
test_expedition_capability (void)
{
  NileExpedition expedition = explorer_alone ();

  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 0);

  /* On foot: bearers carry 10, the explorer doing bearer work 10 more. */
  expedition.bearers = 6;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 60);
  expedition.explorer_is_bearer = TRUE;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 70);
  expedition.explorer_is_bearer = FALSE;
  expedition.sick_bearers = 4;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 60);

  /* Four pack animals take two leaders off carrying and add 80. */
  expedition.pack_horses = 4;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 4 * 10 + 4 * 20);

  /* One bearer for five pack animals: he leads three, two carry nothing. */
  expedition.bearers = 1;
  expedition.pack_horses = 5;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 3 * 20);

  /* Canoes carry 300 each, whatever the crew. */
  expedition = explorer_alone ();
  expedition.mode = NILE_TRAVEL_MODE_CANOE;
  expedition.canoes = 3;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 900);

  /* Mounted: 5 a ride mount, 20 a pack mount, horses and camels alike. */
  expedition = explorer_alone ();
  expedition.mode = NILE_TRAVEL_MODE_MOUNTED;
  expedition.ride_horses = 2;
  expedition.ride_camels = 1;
  expedition.pack_horses = 1;
  expedition.pack_camels = 2;
  expedition.bearers = 1;
  expedition.guides = 1;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 3 * 5 + 3 * 20);

  /* Mounted as on foot, a pack animal nobody leads carries nothing: it
   * wanders off (R 5.4113, 5.428). */
  expedition.pack_horses = 2;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 3 * 5 + 3 * 20);

  /* So does a ride mount nobody rides: the guide deserts, and his horse
   * carries nothing more (R 5.428). */
  expedition.guides = 0;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 2 * 5 + 3 * 20);
  expedition.bearers = 0;
  g_assert_cmpint (nile_expedition_capability (&expedition), ==, 1 * 5);
}

/* R 5.423: an expedition marked mounted in which someone has no ride
 * mount moves on foot, and so carries as on foot. The tester's case: the
 * explorer and 3 bearers, 3 ride horses and 2 pack horses; mounted it
 * would carry 3 × 5 + 2 × 20 = 55, on foot two bearers carry 20 and the
 * third leads the pack horses, 40. */
static void
test_expedition_not_all_mounted (void)
{
  NileExpedition mounted = explorer_alone ();
  NileExpedition on_foot;
  g_autofree char *load = NULL;
  g_autofree char *foot_load = NULL;
  g_autoptr(GPtrArray) warnings = NULL;

  mounted.mode = NILE_TRAVEL_MODE_MOUNTED;
  mounted.bearers = 3;
  mounted.ride_horses = 4;
  mounted.pack_horses = 2;
  mounted.rations = 61;
  g_assert_cmpint (nile_expedition_travel_mode (&mounted), ==, NILE_TRAVEL_MODE_MOUNTED);
  g_assert_cmpint (nile_expedition_capability (&mounted), ==, 4 * 5 + 2 * 20);

  mounted.ride_horses = 3;
  on_foot = mounted;
  on_foot.mode = NILE_TRAVEL_MODE_FOOT;
  g_assert_cmpint (nile_expedition_travel_mode (&mounted), ==, NILE_TRAVEL_MODE_FOOT);
  g_assert_cmpint (nile_expedition_capability (&mounted), ==, 60);
  g_assert_cmpint (nile_expedition_capability (&mounted), ==, nile_expedition_capability (&on_foot));
  g_assert_cmpint (nile_expedition_portage_cost (&mounted, FALSE), ==, nile_expedition_portage_cost (&on_foot, FALSE));
  g_assert_cmpint (nile_expedition_excess (&mounted), ==, 1);
  load = nile_expedition_describe_load (&mounted);
  foot_load = nile_expedition_describe_load (&on_foot);
  g_assert_cmpstr (load, ==, foot_load);

  /* The warning says why the numbers are those of an expedition on foot. */
  warnings = nile_expedition_warnings (&mounted, NULL);
  g_assert_true (has_warning (warnings, "not-all-mounted"));
  for (guint i = 0; i < warnings->len; i++)
    {
      const NileExpeditionWarning *warning = g_ptr_array_index (warnings, i);

      if (g_str_equal (warning->code, "not-all-mounted"))
        {
          g_assert_nonnull (strstr (warning->text, "on foot"));
          g_assert_nonnull (strstr (warning->text, "R 5.423"));
        }
    }

  /* Short of riders, its carriers are bearers, lost with their loads (R 11.3). */
  {
    NileExpedition after;
    g_autoptr(GError) error = NULL;

    g_assert_true (nile_expedition_lose_carriers (&mounted, 1, &after, &error));
    g_assert_no_error (error);
    g_assert_cmpint (after.bearers, ==, 2);
    g_assert_cmpint (after.rations, ==, 61 - 20);
  }

  /* The sick are carried: with one bearer sick, the three horses do. */
  mounted.bearers = 2;
  mounted.sick_bearers = 1;
  g_assert_cmpint (nile_expedition_travel_mode (&mounted), ==, NILE_TRAVEL_MODE_MOUNTED);
  g_assert_cmpint (nile_expedition_capability (&mounted), ==, 3 * 5 + 2 * 20);
}

static void
test_expedition_excess (void)
{
  NileExpedition expedition = explorer_alone ();
  g_autofree char *fits = NULL;
  g_autofree char *over = NULL;
  g_autofree char *empty = NULL;

  empty = nile_expedition_describe_load (&expedition);
  g_assert_cmpstr (empty, ==, "Load 0: nothing\nCan carry 0: nothing");

  expedition.bearers = 10;
  expedition.rations = 60;
  expedition.gifts = 40;
  g_assert_cmpint (nile_expedition_excess (&expedition), ==, 0);
  fits = nile_expedition_describe_load (&expedition);
  g_assert_cmpstr (fits, ==, "Load 100: rations 60, gifts 40\nCan carry 100: bearers carrying 10 × 10");

  expedition.tusks = 1;
  expedition.sick_bearers = 1;
  g_assert_cmpint (nile_expedition_excess (&expedition), ==, 7 + 15);
  over = nile_expedition_describe_load (&expedition);
  g_assert_cmpstr (over, ==,
                   "Load 122: rations 60, gifts 40, tusks 1 × 7, people carried 1 × 15\n"
                   "Can carry 100: bearers carrying 10 × 10");

  /* Named as players read them, not as the sheet's fields are spelt. */
  expedition.fresh_rations = 5;
  g_clear_pointer (&over, g_free);
  over = nile_expedition_describe_load (&expedition);
  g_assert_null (strstr (over, "fresh_rations"));
  g_assert_nonnull (strstr (over, "rations 60, fresh rations 5, gifts 40"));
}

/* The sum of the terms after "Load N: " or "Can carry N: " on @line,
 * each "name count" or "name count × weight"; "nothing" is 0. */
static int
sum_of_terms (const char *line,
              int        *stated)
{
  g_auto(GStrv) terms = NULL;
  const char *colon = strstr (line, ": ");
  int sum = 0;

  g_assert_nonnull (colon);
  *stated = atoi (line + strcspn (line, "0123456789"));
  if (g_str_equal (colon + 2, "nothing"))
    return 0;

  terms = g_strsplit (colon + 2, ", ", -1);
  for (guint i = 0; terms[i] != NULL; i++)
    {
      const char *times = strstr (terms[i], " × ");
      const char *count = times != NULL ? times : terms[i] + strlen (terms[i]);
      int weight = times != NULL ? atoi (times + strlen (" × ")) : 1;

      while (count > terms[i] && g_ascii_isdigit (count[-1]))
        count--;
      g_assert_true (g_ascii_isdigit (*count));
      sum += atoi (count) * weight;
    }
  return sum;
}

/* What the sheet says an expedition carries and can carry adds up to
 * the numbers it shows, in every mode: a mounted one with more ride
 * horses than riders said it could carry more than it can. */
static void
test_expedition_describe_load_adds_up (void)
{
  NileExpedition expeditions[6];
  NileExpedition *e = expeditions;

  for (guint i = 0; i < G_N_ELEMENTS (expeditions); i++)
    {
      expeditions[i] = explorer_alone ();
      expeditions[i].rations = 50;
      expeditions[i].gifts = 20;
      expeditions[i].tusks = 1;
    }
  /* On foot, some leading more pack animals than they can. */
  e[0].bearers = 4;
  e[0].sick_guides = 1;
  e[0].pack_horses = 14;
  /* By canoe: everyone carried. */
  e[1].mode = NILE_TRAVEL_MODE_CANOE;
  e[1].canoes = 2;
  e[1].bearers = 6;
  /* Mounted with spare ride horses: only those ridden carry. */
  e[2].mode = NILE_TRAVEL_MODE_MOUNTED;
  e[2].ride_horses = 5;
  e[2].bearers = 1;
  e[2].pack_camels = 2;
  /* Mounted, a rider sick and carried. */
  e[3].mode = NILE_TRAVEL_MODE_MOUNTED;
  e[3].ride_camels = 3;
  e[3].bearers = 2;
  e[3].sick_bearers = 1;
  e[3].pack_horses = 7;
  /* Mounted in name, short of mounts: on foot. */
  e[4].mode = NILE_TRAVEL_MODE_MOUNTED;
  e[4].ride_horses = 1;
  e[4].bearers = 5;
  /* Nothing to carry anything with. */
  e[5].bearers = 0;

  for (guint i = 0; i < G_N_ELEMENTS (expeditions); i++)
    {
      g_autofree char *text = nile_expedition_describe_load (&expeditions[i]);
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
      int stated;

      g_test_message ("%s", text);
      g_assert_cmpuint (g_strv_length (lines), ==, 2);
      g_assert_cmpint (sum_of_terms (lines[0], &stated), ==, stated);
      g_assert_cmpint (stated, ==, nile_expedition_portage_cost (&expeditions[i], FALSE));
      g_assert_cmpint (sum_of_terms (lines[1], &stated), ==, stated);
      g_assert_cmpint (stated, ==, nile_expedition_capability (&expeditions[i]));
    }
}

/* R 9.272's example, as in rulings.md: 2 canoes and 80 items, 8 bearers →
 * 2 trips; with 16 bearers, 1. */
static void
test_expedition_cataract (void)
{
  NileExpedition expedition = explorer_alone ();

  expedition.mode = NILE_TRAVEL_MODE_CANOE;
  expedition.canoes = 2;
  expedition.rations = 50;
  expedition.gifts = 30;
  expedition.bearers = 8;
  g_assert_cmpint (nile_expedition_cataract_trips (&expedition), ==, 2);

  expedition.bearers = 16;
  g_assert_cmpint (nile_expedition_cataract_trips (&expedition), ==, 1);

  /* A sick askari must be carried round too: 175 ÷ 160. */
  expedition.sick_askaris = 1;
  g_assert_cmpint (nile_expedition_cataract_trips (&expedition), ==, 2);

  expedition.bearers = 0;
  g_assert_cmpint (nile_expedition_cataract_trips (&expedition), ==, -1);
  expedition.explorer_is_bearer = TRUE;
  g_assert_cmpint (nile_expedition_cataract_trips (&expedition), ==, 18);
}

static void
test_expedition_crew (void)
{
  NileExpedition expedition = explorer_alone ();

  g_assert_cmpint (nile_expedition_crew_per_canoe (&expedition), ==, 0);

  expedition.canoes = 3;
  expedition.bearers = 21;
  g_assert_cmpint (nile_expedition_crew_per_canoe (&expedition), ==, 7);
  expedition.bearers = 24;
  g_assert_cmpint (nile_expedition_crew_per_canoe (&expedition), ==, 8);
  expedition.sick_bearers = 5;
  g_assert_cmpint (nile_expedition_crew_per_canoe (&expedition), ==, 8);
  expedition.bearers = 2;
  g_assert_cmpint (nile_expedition_crew_per_canoe (&expedition), ==, 0);
}

static void
test_expedition_warnings (void)
{
  NileExpedition expedition = explorer_alone ();
  NileLocale veldt = { .terrain = NILE_TERRAIN_VELDT };
  g_autoptr(GPtrArray) none = NULL;

  expedition.bearers = 10;
  expedition.rations = 50;
  none = nile_expedition_warnings (&expedition, &veldt);
  g_assert_cmpuint (none->len, ==, 0);

  {
    g_autoptr(GPtrArray) w = NULL;

    expedition.rations = 101;
    w = nile_expedition_warnings (&expedition, NULL);
    g_assert_cmpuint (w->len, ==, 1);
    g_assert_true (has_warning (w, "overloaded"));
    expedition.rations = 50;
  }

  {
    g_autoptr(GPtrArray) w = NULL;
    NileExpedition mounted = expedition;

    mounted.mode = NILE_TRAVEL_MODE_MOUNTED;
    mounted.ride_horses = 10;
    mounted.pack_horses = 3;
    w = nile_expedition_warnings (&mounted, NULL);
    g_assert_true (has_warning (w, "not-all-mounted"));
    g_assert_false (has_warning (w, "pack-animals-unled"));
    g_ptr_array_unref (w);

    mounted.ride_horses = 11;
    w = nile_expedition_warnings (&mounted, NULL);
    g_assert_cmpuint (w->len, ==, 0);
    g_ptr_array_unref (w);

    /* Two horses nobody rides or leads wander off (R 5.428). */
    mounted.ride_horses = 13;
    w = nile_expedition_warnings (&mounted, NULL);
    g_assert_cmpstr (warning_text (w, "ride-mounts-riderless"), ==,
                     "13 ride mounts but 11 people to ride them: a mount neither ridden nor led wanders off"
                     " (R 5.428)");
    g_ptr_array_unref (w);
    mounted.ride_horses = 11;

    /* The sick are carried, so they need no mount of their own. */
    mounted.sick_bearers = 2;
    mounted.rations = 0;
    w = nile_expedition_warnings (&mounted, NULL);
    g_assert_false (has_warning (w, "not-all-mounted"));
  }

  {
    g_autoptr(GPtrArray) w = NULL;
    NileExpedition packed = explorer_alone ();

    packed.bearers = 1;
    packed.pack_camels = 4;
    w = nile_expedition_warnings (&packed, NULL);
    g_assert_true (has_warning (w, "pack-animals-unled"));
    g_ptr_array_unref (w);

    packed.explorer_is_bearer = TRUE;
    w = nile_expedition_warnings (&packed, NULL);
    g_assert_false (has_warning (w, "pack-animals-unled"));
    g_ptr_array_unref (w);

    /* One of each is said in the singular. */
    packed.explorer_is_bearer = FALSE;
    packed.bearers = 0;
    packed.pack_camels = 1;
    w = nile_expedition_warnings (&packed, NULL);
    g_assert_cmpstr (warning_text (w, "pack-animals-unled"), ==,
                     "1 pack animal needs 1 bearer to lead it but the expedition has 0 bearers: unled animals"
                     " wander off");
    g_ptr_array_unref (w);

    packed.bearers = 1;
    packed.pack_camels = 6;
    w = nile_expedition_warnings (&packed, NULL);
    g_assert_cmpstr (warning_text (w, "pack-animals-unled"), ==,
                     "6 pack animals need 2 bearers to lead them but the expedition has 1 bearer: unled animals"
                     " wander off");
  }

  {
    g_autoptr(GPtrArray) w = NULL;
    NileExpedition mounted = explorer_alone ();

    mounted.mode = NILE_TRAVEL_MODE_MOUNTED;
    w = nile_expedition_warnings (&mounted, NULL);
    g_assert_cmpstr (warning_text (w, "not-all-mounted"), ==,
                     "1 person to mount but 0 ride mounts: until everyone rides, the expedition moves and carries"
                     " on foot (R 5.423)");
    g_ptr_array_unref (w);

    mounted.bearers = 2;
    mounted.ride_horses = 1;
    w = nile_expedition_warnings (&mounted, NULL);
    g_assert_cmpstr (warning_text (w, "not-all-mounted"), ==,
                     "3 people to mount but 1 ride mount: until everyone rides, the expedition moves and carries"
                     " on foot (R 5.423)");
  }

  {
    g_autoptr(GPtrArray) w = NULL;
    NileExpedition canoe = explorer_alone ();

    canoe.mode = NILE_TRAVEL_MODE_CANOE;
    w = nile_expedition_warnings (&canoe, NULL);
    g_assert_true (has_warning (w, "no-canoes"));
    g_ptr_array_unref (w);

    canoe.canoes = 2;
    canoe.bearers = 16;
    w = nile_expedition_warnings (&canoe, NULL);
    g_assert_cmpuint (w->len, ==, 0);
    g_ptr_array_unref (w);

    canoe.bearers = 9;
    w = nile_expedition_warnings (&canoe, NULL);
    g_assert_true (has_warning (w, "canoe-crew-short"));
    /* One crew and one point read as such, with the rule (R 9.23). */
    g_assert_cmpstr (((NileExpeditionWarning *) g_ptr_array_index (w, 0))->text, ==,
                     "Crew of 4 a canoe, 8 needed for full speed: −1 MP (R 9.22–9.25)");
    g_ptr_array_unref (w);

    canoe.bearers = 2;
    w = nile_expedition_warnings (&canoe, NULL);
    g_assert_cmpstr (((NileExpeditionWarning *) g_ptr_array_index (w, 0))->text, ==,
                     "Crew of 1 a canoe, 8 needed for full speed: −3 MP (R 9.22–9.25)");
    g_ptr_array_unref (w);

    canoe.bearers = 1;
    canoe.pack_horses = 1;
    w = nile_expedition_warnings (&canoe, NULL);
    g_assert_true (has_warning (w, "canoe-crew-short"));
    g_assert_true (has_warning (w, "animals-in-canoes"));
  }

  {
    static const struct {
      NileTerrain terrain;
      gboolean horses_barred;
      gboolean camels_barred;
    } terrains[] = {
      { NILE_TERRAIN_DESERT, FALSE, FALSE },
      { NILE_TERRAIN_VELDT, FALSE, FALSE },
      { NILE_TERRAIN_MOUNTAINS, FALSE, FALSE },
      { NILE_TERRAIN_JUNGLE, FALSE, TRUE },
      { NILE_TERRAIN_JUNGLE_MOUNTAIN, FALSE, TRUE },
      { NILE_TERRAIN_SWAMP, TRUE, TRUE },
      { NILE_TERRAIN_JUNGLE_SWAMP, TRUE, TRUE },
      { NILE_TERRAIN_LAKE, TRUE, TRUE },
    };
    NileExpedition animals = explorer_alone ();

    animals.mode = NILE_TRAVEL_MODE_MOUNTED;
    animals.ride_horses = 1;
    for (guint i = 0; i < G_N_ELEMENTS (terrains); i++)
      {
        NileLocale locale = { .terrain = terrains[i].terrain };
        g_autoptr(GPtrArray) w = nile_expedition_warnings (&animals, &locale);

        g_assert_cmpint (has_warning (w, "horses-in-swamp") || has_warning (w, "horses-in-lake"),
                         ==, terrains[i].horses_barred);
        g_assert_cmpint (has_warning (w, "horses-in-lake"), ==,
                         terrains[i].terrain == NILE_TERRAIN_LAKE);
      }

    animals.ride_horses = 0;
    animals.ride_camels = 1;
    for (guint i = 0; i < G_N_ELEMENTS (terrains); i++)
      {
        NileLocale locale = { .terrain = terrains[i].terrain };
        g_autoptr(GPtrArray) w = nile_expedition_warnings (&animals, &locale);

        g_assert_cmpint (has_warning (w, "camels-forbidden-terrain"), ==, terrains[i].camels_barred);
        g_assert_false (has_warning (w, "horses-in-swamp"));
      }
  }
}

static void
test_expedition_locale (void)
{
  NileLocale desert = { .terrain = NILE_TERRAIN_DESERT };
  NileLocale river = { .terrain = NILE_TERRAIN_DESERT, .river = TRUE };
  NileLocale oasis = { .terrain = NILE_TERRAIN_DESERT, .oasis = TRUE };
  NileLocale jungle = { .terrain = NILE_TERRAIN_JUNGLE };
  NileLocale cape = { .terrain = NILE_TERRAIN_VELDT, .cape_colony = TRUE };
  NileLocale friends = { .terrain = NILE_TERRAIN_SWAMP, .friendly_tribe = TRUE };

  g_assert_true (nile_locale_is_desert (&desert));
  g_assert_true (nile_locale_is_dry (&desert));
  g_assert_true (nile_locale_is_desert (&river));
  g_assert_false (nile_locale_is_dry (&river));
  g_assert_false (nile_locale_is_dry (&oasis));
  g_assert_false (nile_locale_is_desert (&jungle));
  g_assert_false (nile_locale_provides_food (&jungle));
  g_assert_true (nile_locale_provides_food (&cape));
  g_assert_true (nile_locale_provides_food (&friends));

  g_assert_true (nile_terrain_has_swamp (NILE_TERRAIN_JUNGLE_SWAMP));
  g_assert_false (nile_terrain_has_swamp (NILE_TERRAIN_LAKE));
  g_assert_true (nile_terrain_has_jungle (NILE_TERRAIN_JUNGLE_MOUNTAIN));
  g_assert_false (nile_terrain_has_jungle (NILE_TERRAIN_MOUNTAINS));
}

static void
test_expedition_food_and_water (void)
{
  NileExpedition expedition = explorer_alone ();
  NileLocale veldt = { .terrain = NILE_TERRAIN_VELDT };
  NileLocale desert = { .terrain = NILE_TERRAIN_DESERT, .river = TRUE };
  NileLocale friendly_desert = { .terrain = NILE_TERRAIN_DESERT, .friendly_tribe = TRUE };
  NileLocale cape = { .terrain = NILE_TERRAIN_VELDT, .cape_colony = TRUE };

  expedition.bearers = 1;
  expedition.sick_guides = 1;
  expedition.ride_horses = 2;
  expedition.pack_camels = 3;

  g_assert_cmpint (nile_expedition_mouths (&expedition, &veldt), ==, 3);
  g_assert_cmpint (nile_expedition_mouths (&expedition, &cape), ==, 0);
  g_assert_cmpint (nile_expedition_mouths (&expedition, &friendly_desert), ==, 0);

  /* Horses eat only when they end in a desert hex, river or not. */
  g_assert_cmpint (nile_expedition_horse_rations (&expedition, &veldt), ==, 0);
  g_assert_cmpint (nile_expedition_horse_rations (&expedition, &desert), ==, 8);
  g_assert_cmpint (nile_expedition_horse_rations (&expedition, &friendly_desert), ==, 0);

  /* 3 a man, 8 a horse; camels drink 16 on every second turn. */
  g_assert_cmpint (nile_expedition_water_for_turn (&expedition, 1), ==, 9 + 16);
  g_assert_cmpint (nile_expedition_water_for_turn (&expedition, 2), ==, 9 + 16 + 48);
  g_assert_cmpint (nile_expedition_water_for_turn (&expedition, 3), ==, 9 + 16);
  g_assert_cmpint (nile_expedition_water_for_turn (&expedition, 4), ==, 9 + 16 + 48);

  g_assert_cmpint (nile_expedition_water_needed (&expedition), ==, 25);
  expedition.desert_turns = 1;
  g_assert_cmpint (nile_expedition_water_needed (&expedition), ==, 73);
}

/* R 18.5 prints 1 ration for a shot animal; the ruling follows R 5.4425: 10. */
static void
test_expedition_shoot_animals (void)
{
  static const char *bad[] = { "bearers", "tusks", "elephants", NULL };
  NileExpedition expedition;
  NileExpedition before;
  g_autoptr(GError) error = NULL;

  nile_expedition_init (&expedition);
  expedition.pack_camels = 3;
  expedition.ride_horses = 1;
  expedition.fresh_rations = 4;

  g_assert_true (nile_expedition_shoot_animals (&expedition, "pack_camels", 2, &error));
  g_assert_no_error (error);
  g_assert_cmpint (expedition.pack_camels, ==, 1);
  g_assert_cmpint (expedition.fresh_rations, ==, 24);

  g_assert_true (nile_expedition_shoot_animals (&expedition, "ride_horses", 1, NULL));
  g_assert_cmpint (expedition.ride_horses, ==, 0);
  g_assert_cmpint (expedition.fresh_rations, ==, 34);

  before = expedition;
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_false (nile_expedition_shoot_animals (&expedition, bad[i], 1, &error));
      g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      g_clear_error (&error);
    }
  g_assert_false (nile_expedition_shoot_animals (&expedition, "pack_camels", 2, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_expedition_shoot_animals (&expedition, "pack_camels", -1, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_assert_true (nile_expedition_equal (&expedition, &before));
}

/* R 11.3's example, as in rulings.md: 85 rations, 47 gifts, 15 muskets on
 * 18 bearers, 4 lost → 18 rations, 10 gifts and 3 muskets go with them;
 * the pelts (6 items) stay. */
static void
test_expedition_lose_carriers_example (void)
{
  NileExpedition expedition = explorer_alone ();
  NileExpedition after;
  g_autoptr(GError) error = NULL;

  expedition.bearers = 18;
  expedition.rations = 85;
  expedition.gifts = 47;
  expedition.muskets = 15;
  expedition.pelts = 3;

  g_assert_true (nile_expedition_lose_carriers (&expedition, 4, &after, &error));
  g_assert_no_error (error);
  g_assert_cmpint (after.bearers, ==, 14);
  g_assert_cmpint (expedition.rations - after.rations, ==, 18);
  g_assert_cmpint (expedition.gifts - after.gifts, ==, 10);
  g_assert_cmpint (expedition.muskets - after.muskets, ==, 3);
  g_assert_cmpint (after.pelts, ==, 3);
}

static void
test_expedition_lose_carriers (void)
{
  NileExpedition expedition = explorer_alone ();
  NileExpedition after;
  g_autoptr(GError) error = NULL;

  /* Losing nobody changes nothing. */
  expedition.bearers = 5;
  expedition.water = 30;
  g_assert_true (nile_expedition_lose_carriers (&expedition, 0, &after, NULL));
  g_assert_true (nile_expedition_equal (&after, &expedition));

  /* The sick go down with the bearers carrying them. */
  expedition.sick_askaris = 5;
  expedition.sick_guides = 1;
  g_assert_true (nile_expedition_lose_carriers (&expedition, 2, &after, NULL));
  g_assert_cmpint (after.bearers, ==, 3);
  g_assert_cmpint (after.water, ==, 18);
  g_assert_cmpint (after.sick_askaris, ==, 3);
  g_assert_cmpint (after.sick_guides, ==, 1);

  /* Bonus items go only when the rest cannot carry them, heaviest first. */
  expedition = explorer_alone ();
  expedition.bearers = 2;
  expedition.tusks = 1;
  expedition.specimens = 5;
  g_assert_true (nile_expedition_lose_carriers (&expedition, 1, &after, NULL));
  g_assert_cmpint (after.tusks, ==, 0);
  g_assert_cmpint (after.specimens, ==, 5);

  expedition.tusks = 5;
  expedition.specimens = 0;
  g_assert_true (nile_expedition_lose_carriers (&expedition, 1, &after, NULL));
  g_assert_cmpint (after.tusks, ==, 1);
  g_assert_true (nile_expedition_lose_carriers (&expedition, 2, &after, NULL));
  g_assert_cmpint (after.tusks, ==, 0);

  /* A canoe takes its share of everyone but the explorer. */
  expedition = explorer_alone ();
  expedition.mode = NILE_TRAVEL_MODE_CANOE;
  expedition.canoes = 3;
  expedition.bearers = 24;
  expedition.askaris = 7;
  expedition.sick_bearers = 2;
  expedition.rations = 90;
  g_assert_true (nile_expedition_lose_carriers (&expedition, 1, &after, NULL));
  g_assert_cmpint (after.canoes, ==, 2);
  g_assert_cmpint (after.bearers, ==, 16);
  g_assert_cmpint (after.askaris, ==, 5);
  g_assert_cmpint (after.sick_bearers, ==, 2);
  g_assert_cmpint (after.rations, ==, 60);
  g_assert_false (after.explorer_sick);

  /* Refusals leave the result untouched. */
  after = expedition;
  g_assert_false (nile_expedition_lose_carriers (&expedition, 4, &after, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_false (nile_expedition_lose_carriers (&expedition, -1, &after, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  /* An expedition that really rides loses named animals instead (one
   * short of ride mounts is on foot, see /expedition/not-all-mounted). */
  expedition.mode = NILE_TRAVEL_MODE_MOUNTED;
  expedition.ride_horses = nile_expedition_healthy_people (&expedition);
  g_assert_false (nile_expedition_lose_carriers (&expedition, 1, &after, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  expedition.mode = NILE_TRAVEL_MODE_CANOE;
  expedition.ride_horses = 0;
  g_assert_true (nile_expedition_equal (&after, &expedition));
}

/* R 15.21–15.23: the members chosen, and the loads of the carriers
 * among them as the other carriers' loss leaves them (R 11.3). */
static void
test_expedition_escape_with (void)
{
  NileExpedition expedition = explorer_alone ();
  NileExpedition chosen = { 0 };
  NileExpedition after;
  g_autoptr(GError) error = NULL;

  expedition.bearers = 10;
  expedition.sick_bearers = 2;
  expedition.guides = 2;
  expedition.askaris = 4;
  expedition.rations = 40;
  expedition.gifts = 20;
  expedition.muskets = 15;
  expedition.pelts = 3;
  expedition.explorer_armed = TRUE;
  g_assert_cmpint (nile_expedition_count_members (&expedition), ==, 18);

  /* Two bearers and a guide: 8 of 40 rations, 4 of 20 gifts, 3 of 15
   * muskets; the pelts fit on two bearers. */
  chosen.bearers = 2;
  chosen.guides = 1;
  g_assert_true (nile_expedition_escape_with (&expedition, &chosen, &after, &error));
  g_assert_no_error (error);
  g_assert_cmpint (after.bearers, ==, 2);
  g_assert_cmpint (after.guides, ==, 1);
  g_assert_cmpint (after.sick_bearers, ==, 0);
  g_assert_cmpint (after.askaris, ==, 0);
  g_assert_cmpint (after.rations, ==, 8);
  g_assert_cmpint (after.gifts, ==, 4);
  g_assert_cmpint (after.muskets, ==, 3);
  g_assert_cmpint (after.pelts, ==, 3);
  g_assert_true (after.explorer_armed);

  /* Alone: no one carries anything away. */
  memset (&chosen, 0, sizeof chosen);
  g_assert_true (nile_expedition_escape_with (&expedition, &chosen, &after, &error));
  g_assert_cmpint (nile_expedition_count_members (&after), ==, 0);
  g_assert_cmpint (after.rations + after.gifts + after.muskets + after.pelts, ==, 0);
  g_assert_true (after.explorer_armed);

  /* More than he has is refused. */
  chosen.askaris = 5;
  g_assert_false (nile_expedition_escape_with (&expedition, &chosen, &after, &error));
  g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  /* A horse he rides brings no load, and he still rides. */
  expedition = explorer_alone ();
  expedition.mode = NILE_TRAVEL_MODE_MOUNTED;
  expedition.bearers = 1;
  expedition.ride_horses = 2;
  expedition.rations = 10;
  memset (&chosen, 0, sizeof chosen);
  chosen.ride_horses = 1;
  g_assert_true (nile_expedition_escape_with (&expedition, &chosen, &after, &error));
  g_assert_cmpint (after.ride_horses, ==, 1);
  g_assert_cmpint (after.bearers, ==, 0);
  g_assert_cmpint (after.rations, ==, 0);
  g_assert_cmpint (after.mode, ==, NILE_TRAVEL_MODE_MOUNTED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/expedition/boxed", test_expedition_boxed);
  g_test_add_func ("/expedition/field-table", test_expedition_field_table);
  g_test_add_func ("/expedition/set-value", test_expedition_set_value);
  g_test_add_func ("/expedition/parse-assignment", test_expedition_parse_assignment);
  g_test_add_func ("/expedition/json", test_expedition_json);
  g_test_add_func ("/expedition/diff", test_expedition_diff);
  g_test_add_func ("/expedition/counting", test_expedition_counting);
  g_test_add_func ("/expedition/misprints", test_expedition_misprints);
  g_test_add_func ("/expedition/portage", test_expedition_portage);
  g_test_add_func ("/expedition/capability", test_expedition_capability);
  g_test_add_func ("/expedition/not-all-mounted", test_expedition_not_all_mounted);
  g_test_add_func ("/expedition/excess", test_expedition_excess);
  g_test_add_func ("/expedition/describe-load-adds-up", test_expedition_describe_load_adds_up);
  g_test_add_func ("/expedition/cataract", test_expedition_cataract);
  g_test_add_func ("/expedition/crew", test_expedition_crew);
  g_test_add_func ("/expedition/warnings", test_expedition_warnings);
  g_test_add_func ("/expedition/locale", test_expedition_locale);
  g_test_add_func ("/expedition/food-and-water", test_expedition_food_and_water);
  g_test_add_func ("/expedition/shoot-animals", test_expedition_shoot_animals);
  g_test_add_func ("/expedition/lose-carriers-example", test_expedition_lose_carriers_example);
  g_test_add_func ("/expedition/lose-carriers", test_expedition_lose_carriers);
  g_test_add_func ("/expedition/escape-with", test_expedition_escape_with);

  return g_test_run ();
}
