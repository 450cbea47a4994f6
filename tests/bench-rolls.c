/* bench-rolls.c: how long each registered roll takes, with seeded dice
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-rolls [ROLLS-PER-PROCEDURE [ROLL]]   (default 100000, all)
 *
 * Every procedure of every roll runs the given number of times through
 * nile_roll_run(), result and all, with inputs a game would give it.
 * The printed Avalon Hill cells are the owner's to enter, so before the
 * clock starts every blank cell of every sheet gets a placeholder taken
 * from the sheet's own codes or range, imported as a sheet pack into a
 * store of its own in a temporary folder: the sheet rolls then run to
 * the end like the fixed rules, and the figures say what a roll costs
 * once a board is entered.
 * Both wall-clock and processor time are shown: on a busy machine the
 * second is the one that says what a roll costs.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "nile-enum-types.h"
#include "nile-random-dice.h"
#include "nile-roll.h"
#include "nile-sheet-store.h"
#include "nile-test-utils.h"

/* Inputs like a game's, for the inputs an edition's procedure declares;
 * any other required input gets its smallest value (or, for a choice,
 * its fallback). */
static const struct {
  const char *name;
  const char *inputs;
} typical_inputs[] = {
  { "native-attitude", "{'distance': <5>, 'policy': <3>, 'askaris': <10>}" },
  { "negotiation", "{'gifts': <10>, 'natives': <40>, 'askaris': <10>, 'distance': <5>, 'policy': <3>}" },
  { "hostile-action", "{'askaris': <10>, 'distance': <5>, 'policy': <3>, 'natives': <40>}" },
  { "combat", "{'askaris': <10>, 'natives': <40>, 'armed': <true>, 'charge': <true>}" },
  { "victory", "{'askaris': <8>, 'policy': <3>, 'natives': <40>, 'river': <true>}" },
  { "lost", "{'terrain': <'jungle'>}" },
  { "natives-present", "{'terrain': <'jungle'>, 'river': <true>}" },
  { "native-strength", "{'distance': <5>}" },
  { "cataract", "{'terrain': <'mountains'>}" },
  { "cataract-canoes", "{'canoes': <4>}" },
  { "looting", "{'size': <'medium'>, 'river': <true>}" },
  { "disaster-death", "{'killed': <2>}" },
  { "shoot-animal", "{'fighters': <8>}" },
  { "turn-order", "{'players': <4>}" },
  { "native-attack", "{'askaris': <10>, 'armed': <true>, 'size': <'medium'>, 'policy': <2>}" },
  { "victory-a", "{'size': <'medium'>, 'askaris': <10>}" },
  { "victory-b", "{'size': <'medium'>}" },
  { "hunting", "{'terrain': <'jungle'>, 'hunters': <6>}" },
  { "recovery", "{'sick': <3>}" },
  { "activity", "{'mode': <'canoe'>, 'canoes': <2>, 'bearers': <10>}" },
  { "victory-points", "{'count': <2>}" },
  { "prices", "{'count': <5>}" },
  { "native-trade", "{'count': <5>}" },
};

static gint64
cpu_time_ns (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_GINT64_CONSTANT (1000000000) + now.tv_nsec;
}

static GVariant *
inputs_for (const NileRollSpec *spec,
            NileEdition         edition)
{
  const NileRollInput *inputs = spec->editions[edition].inputs;
  g_autoptr(GVariant) typical = NULL;
  GVariantDict dict;

  for (guint i = 0; i < G_N_ELEMENTS (typical_inputs) && typical == NULL; i++)
    if (g_str_equal (typical_inputs[i].name, spec->name))
      typical = g_variant_parse (G_VARIANT_TYPE_VARDICT, typical_inputs[i].inputs, NULL, NULL, NULL);

  /* Built through a GVariantDict, as the command line and the window
   * build their inputs. */
  g_variant_dict_init (&dict, NULL);
  for (guint k = 0; inputs[k].name != NULL; k++)
    {
      g_autoptr(GVariant) value = NULL;

      if (typical != NULL)
        value = g_variant_lookup_value (typical, inputs[k].name, NULL);
      if (value != NULL)
        g_variant_dict_insert_value (&dict, inputs[k].name, value);
      else if (!inputs[k].required)
        continue;
      else if (inputs[k].kind == NILE_ROLL_INPUT_INT)
        g_variant_dict_insert (&dict, inputs[k].name, "i", inputs[k].min);
      else if (inputs[k].kind == NILE_ROLL_INPUT_CHOICE)
        g_variant_dict_insert (&dict, inputs[k].name, "s",
                               nile_enum_to_nick (inputs[k].type_func (), inputs[k].fallback));
    }
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

/* A value the sheet accepts, changing from cell to cell so the rolls
 * meet every code and a spread of numbers, as a real board would give. */
static char *
placeholder_value (NileSheet *sheet,
                   guint      cell_index)
{
  int min, max;

  if (nile_sheet_has_codes (sheet))
    return g_strdup (nile_sheet_get_code (sheet, cell_index % nile_sheet_get_n_codes (sheet)));
  nile_sheet_get_value_range (sheet, &min, &max);
  return g_strdup_printf ("%" G_GINT64_FORMAT,
                          min + (gint64) cell_index % ((gint64) max - min + 1));
}

/* One pack of placeholders for the sheet's blank cells, imported as the
 * owner imports a pack: checked whole, then saved once. */
static gboolean
fill_blank_cells_of (NileSheetStore  *store,
                     NileSheet       *sheet,
                     guint           *n_filled,
                     GError         **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(NileSheetImportReport) report = NULL;
  g_autofree char *data = NULL;
  gsize length;
  guint n_cells, n_blank = 0;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, "nile-ledger-sheet-pack");
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "cells");
  json_builder_begin_array (builder);

  nile_sheet_count_cells (sheet, NULL, NULL, &n_cells);
  for (guint c = 0; c < n_cells; c++)
    {
      g_auto(GStrv) coords = nile_sheet_coords_at (sheet, c);
      g_autoptr(NileSheetCell) cell = nile_sheet_lookup (sheet, (const char * const *) coords);
      g_autofree char *value = NULL;

      if (cell->state != NILE_CELL_BLANK)
        continue;
      value = placeholder_value (sheet, c);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "sheet");
      json_builder_add_string_value (builder, nile_sheet_get_id (sheet));
      json_builder_set_member_name (builder, "at");
      json_builder_begin_object (builder);
      for (guint a = 0; coords[a] != NULL; a++)
        {
          json_builder_set_member_name (builder, nile_sheet_get_axis_name (sheet, a));
          json_builder_add_string_value (builder, coords[a]);
        }
      json_builder_end_object (builder);
      json_builder_set_member_name (builder, "value");
      json_builder_add_string_value (builder, value);
      json_builder_end_object (builder);
      n_blank++;
    }

  json_builder_end_array (builder);
  json_builder_end_object (builder);
  if (n_blank == 0)
    return TRUE;

  root = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_root (generator, root);
  data = json_generator_to_data (generator, &length);
  if (!nile_sheet_store_import_pack (store, data, (gssize) length, &report, error))
    return FALSE;
  *n_filled += report->n_added;
  return TRUE;
}

/* Fills every blank cell of every sheet, walking each sheet's cells
 * without knowing its axes. */
static gboolean
fill_blank_cells (NileSheetStore  *store,
                  guint           *n_filled,
                  GError         **error)
{
  GListModel *sheets = nile_sheet_store_get_sheets (store);

  *n_filled = 0;
  for (guint s = 0; s < g_list_model_get_n_items (sheets); s++)
    {
      g_autoptr(NileSheet) sheet = g_list_model_get_item (sheets, s);

      if (!fill_blank_cells_of (store, sheet, n_filled, error))
        return FALSE;
    }
  return TRUE;
}


typedef struct {
  gint64  wall_us;
  gint64  cpu_ns;
  guint64 rolls;
} Tally;

static void
print_line (const char  *name,
            const char  *edition,
            const Tally *tally)
{
  printf ("%-18s %-3s %10" G_GUINT64_FORMAT " %10.0f %10.0f\n", name, edition, tally->rolls,
          tally->wall_us * 1000.0 / tally->rolls, (double) tally->cpu_ns / tally->rolls);
}

static gboolean
time_rolls (NileSheetStore     *store,
            guint64             per_procedure,
            const NileRollSpec *only)
{
  const NileRollSpec *specs;
  guint n_specs;
  Tally all = { 0 }, sheet_rolls = { 0 };

  specs = nile_roll_get_all (&n_specs);
  printf ("%-18s %-3s %10s %10s %10s\n", "roll", "ed", "rolls", "wall ns", "cpu ns");

  for (guint i = 0; i < n_specs; i++)
    for (NileEdition edition = 0; edition < NILE_N_EDITIONS; edition++)
      {
        g_autoptr(NileDiceSource) dice = NULL;
        g_autoptr(GVariant) inputs = NULL;
        gint64 start, cpu_start;
        Tally tally = { 0 };

        if (!nile_roll_spec_has_edition (&specs[i], edition) ||
            (only != NULL && only != &specs[i]))
          continue;

        dice = nile_random_dice_new_seeded (1977 + i);
        inputs = inputs_for (&specs[i], edition);

        start = g_get_monotonic_time ();
        cpu_start = cpu_time_ns ();
        for (guint64 n = 0; n < per_procedure; n++)
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(NileRollResult) result =
              nile_roll_run (&specs[i], edition, inputs, dice, store, &error);

            if (result == NULL)
              {
                fprintf (stderr, "%s: %s\n", specs[i].name, error->message);
                return FALSE;
              }
            /* Every cell holds a value, so no roll may stop short. */
            if (nile_roll_result_get_status (result) != NILE_ROLL_STATUS_DONE)
              {
                fprintf (stderr, "%s: %s\n", specs[i].name, nile_roll_result_get_text (result));
                return FALSE;
              }
          }
        tally.cpu_ns = cpu_time_ns () - cpu_start;
        tally.wall_us = g_get_monotonic_time () - start;
        tally.rolls = per_procedure;

        print_line (specs[i].name, nile_enum_to_nick (NILE_TYPE_EDITION, edition), &tally);
        all.wall_us += tally.wall_us;
        all.cpu_ns += tally.cpu_ns;
        all.rolls += tally.rolls;
        if (specs[i].sheet_id != NULL)
          {
            sheet_rolls.wall_us += tally.wall_us;
            sheet_rolls.cpu_ns += tally.cpu_ns;
            sheet_rolls.rolls += tally.rolls;
          }
      }

  if (sheet_rolls.rolls > 0)
    print_line ("sheet rolls", "", &sheet_rolls);
  if (all.rolls > 0)
    print_line ("all", "", &all);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileSheetStore) store = NULL;
  g_autofree char *owner_dir = NULL;
  const NileRollSpec *only = NULL;
  guint64 per_procedure = 100000;
  guint n_filled = 0;
  gint64 fill_start;
  gboolean ok;

  if ((argc > 1 && !g_ascii_string_to_unsigned (argv[1], 10, 1, G_MAXUINT32, &per_procedure, NULL)) ||
      (argc > 2 && (only = nile_roll_lookup (argv[2])) == NULL))
    {
      fprintf (stderr, "Usage: bench-rolls [ROLLS-PER-PROCEDURE [ROLL]]\n");
      return EXIT_FAILURE;
    }

  /* Sheets are read and filled once, before any clock starts. */
  fill_start = g_get_monotonic_time ();
  owner_dir = g_dir_make_tmp ("nile-bench-rolls-XXXXXX", &error);
  if (owner_dir == NULL)
    {
      fprintf (stderr, "bench-rolls: %s\n", error->message);
      return EXIT_FAILURE;
    }
  store = nile_sheet_store_new_for_dir (owner_dir, &error);
  ok = store != NULL && fill_blank_cells (store, &n_filled, &error);
  if (ok)
    {
      printf ("Sheet cells: %u blank cells filled with placeholder codes for timing, "
              "not a board's values (%.0f ms, untimed)\n",
              n_filled, (g_get_monotonic_time () - fill_start) / 1000.0);
      ok = time_rolls (store, per_procedure, only);
    }
  else
    fprintf (stderr, "bench-rolls: %s\n", error->message);

  g_clear_object (&store);
  nile_test_remove_tree (owner_dir);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
