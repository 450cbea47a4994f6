/* bench-rolls.c: how long each registered roll takes, with seeded dice
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-rolls [ROLLS-PER-PROCEDURE [ROLL]]   (default 100000, all)
 *
 * Every procedure of every roll runs the given number of times through
 * nile_roll_run(), result and all, with inputs a game would give it.
 * Procedures that read the owner's sheets cannot run without a sheet
 * store; a trial roll finds them and they are left out. Both wall-clock
 * and processor time are shown: on a busy machine the second is the one
 * that says what a roll costs.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "nile-enum-types.h"
#include "nile-random-dice.h"
#include "nile-roll.h"

/* Inputs like a game's; a roll not named here gets each required input
 * at its smallest value. */
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
  GVariantDict dict;

  for (guint i = 0; i < G_N_ELEMENTS (typical_inputs); i++)
    if (g_str_equal (typical_inputs[i].name, spec->name))
      {
        g_autoptr(GVariant) parsed = g_variant_parse (G_VARIANT_TYPE_VARDICT, typical_inputs[i].inputs,
                                                      NULL, NULL, NULL);

        /* Rebuilt through a GVariantDict, as the command line and the
         * window build their inputs. */
        g_variant_dict_init (&dict, parsed);
        return g_variant_ref_sink (g_variant_dict_end (&dict));
      }

  g_variant_dict_init (&dict, NULL);
  for (guint k = 0; inputs[k].name != NULL; k++)
    {
      if (!inputs[k].required)
        continue;
      if (inputs[k].kind == NILE_ROLL_INPUT_INT)
        g_variant_dict_insert (&dict, inputs[k].name, "i", inputs[k].min);
      else if (inputs[k].kind == NILE_ROLL_INPUT_CHOICE)
        g_variant_dict_insert (&dict, inputs[k].name, "s",
                               nile_enum_to_nick (inputs[k].type_func (), inputs[k].fallback));
    }
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

int
main (int   argc,
      char *argv[])
{
  guint64 per_procedure = 100000;
  const NileRollSpec *specs;
  guint n_specs;
  gint64 all_time = 0, all_cpu = 0;
  guint64 all_rolls = 0;
  const char *only;

  if (argc > 1 && !g_ascii_string_to_unsigned (argv[1], 10, 1, G_MAXUINT32, &per_procedure, NULL))
    {
      fprintf (stderr, "Usage: bench-rolls [ROLLS-PER-PROCEDURE [ROLL]]\n");
      return EXIT_FAILURE;
    }
  only = argc > 2 ? argv[2] : NULL;

  specs = nile_roll_get_all (&n_specs);
  printf ("%-18s %-3s %10s %10s %10s\n", "roll", "ed", "rolls", "wall ns", "cpu ns");

  for (guint i = 0; i < n_specs; i++)
    for (NileEdition edition = 0; edition < NILE_N_EDITIONS; edition++)
      {
        g_autoptr(NileDiceSource) dice = NULL;
        g_autoptr(GVariant) inputs = NULL;
        gint64 start, elapsed, cpu_start, cpu;

        if (!nile_roll_spec_has_edition (&specs[i], edition) ||
            (only != NULL && !g_str_equal (only, specs[i].name)))
          continue;

        dice = nile_random_dice_new_seeded (1977 + i);
        inputs = inputs_for (&specs[i], edition);

        if (specs[i].sheet_id != NULL)
          {
            g_autoptr(NileRollResult) trial = nile_roll_run (&specs[i], edition, inputs, dice, NULL, NULL);

            if (trial == NULL || nile_roll_result_get_status (trial) != NILE_ROLL_STATUS_DONE)
              {
                printf ("%-18s %-3s %10s\n", specs[i].name,
                        nile_enum_to_nick (NILE_TYPE_EDITION, edition), "(sheet)");
                continue;
              }
          }

        start = g_get_monotonic_time ();
        cpu_start = cpu_time_ns ();
        for (guint64 n = 0; n < per_procedure; n++)
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(NileRollResult) result =
              nile_roll_run (&specs[i], edition, inputs, dice, NULL, &error);

            if (result == NULL)
              {
                fprintf (stderr, "%s: %s\n", specs[i].name, error->message);
                return EXIT_FAILURE;
              }
          }
        cpu = cpu_time_ns () - cpu_start;
        elapsed = g_get_monotonic_time () - start;

        printf ("%-18s %-3s %10" G_GUINT64_FORMAT " %10.0f %10.0f\n", specs[i].name,
                nile_enum_to_nick (NILE_TYPE_EDITION, edition), per_procedure,
                elapsed * 1000.0 / per_procedure, (double) cpu / per_procedure);
        all_time += elapsed;
        all_cpu += cpu;
        all_rolls += per_procedure;
      }

  printf ("%-18s %-3s %10" G_GUINT64_FORMAT " %10.0f %10.0f\n", "all", "", all_rolls,
          all_time * 1000.0 / all_rolls, (double) all_cpu / all_rolls);
  return EXIT_SUCCESS;
}
