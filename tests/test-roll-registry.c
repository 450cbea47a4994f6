/* test-roll-registry.c: the registry and the checks around every roll
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "nile-error.h"
#include "nile-random-dice.h"
#include "roll-test-utils.h"

static void
test_specs_are_complete (void)
{
  g_autoptr(GHashTable) kinds = g_hash_table_new (g_str_hash, g_str_equal);
  const NileRollSpec *specs;
  guint n_specs;

  specs = nile_roll_get_all (&n_specs);
  g_assert_cmpuint (n_specs, >=, 21);

  for (guint i = 0; i < n_specs; i++)
    {
      gboolean any = FALSE;

      g_assert_nonnull (specs[i].title);
      g_assert_nonnull (specs[i].summary);
      g_assert_true (nile_roll_lookup (specs[i].name) == &specs[i]);

      for (NileEdition e = 0; e < NILE_N_EDITIONS; e++)
        {
          const NileRollEditionSpec *edition = &specs[i].editions[e];
          guint n_inputs = 0;

          if (edition->run == NULL)
            continue;
          any = TRUE;
          g_assert_nonnull (edition->source);
          g_assert_nonnull (edition->inputs);

          for (; edition->inputs[n_inputs].name != NULL; n_inputs++)
            {
              const NileRollInput *input = &edition->inputs[n_inputs];
              gpointer kind;

              g_assert_nonnull (input->description);
              g_assert_cmpint (input->min, <=, input->max);
              g_assert_true (input->kind != NILE_ROLL_INPUT_CHOICE || input->type_func != NULL);

              /* The command line has one option per name: its kind must
               * be the same in every roll. */
              if (g_hash_table_lookup_extended (kinds, input->name, NULL, &kind))
                g_assert_cmpint (GPOINTER_TO_INT (kind), ==, input->kind);
              else
                g_hash_table_insert (kinds, (gpointer) input->name, GINT_TO_POINTER (input->kind));
            }
          g_assert_cmpuint (n_inputs, <=, NILE_ROLL_MAX_INPUTS);
        }
      g_assert_true (any);
    }
}

static void
test_lookup (void)
{
  g_assert_null (nile_roll_lookup ("fly-to-the-moon"));
  g_assert_true (nile_roll_lookup ("tribe-size") == nile_roll_lookup ("native-strength"));
  g_assert_cmpint (nile_roll_spec_default_edition (nile_roll_lookup ("poison")), ==, NILE_EDITION_AH);
  g_assert_cmpint (nile_roll_spec_default_edition (nile_roll_lookup ("combat")), ==, NILE_EDITION_DG);
  g_assert_true (nile_roll_spec_has_edition (nile_roll_lookup ("cache"), NILE_EDITION_DG));
  g_assert_false (nile_roll_spec_has_edition (nile_roll_lookup ("looting"), NILE_EDITION_DG));
  g_assert_nonnull (nile_roll_spec_find_input (nile_roll_lookup ("lost"), NILE_EDITION_DG, "terrain"));
  g_assert_null (nile_roll_spec_find_input (nile_roll_lookup ("lost"), NILE_EDITION_DG, "policy"));
}

static void
test_bad_inputs (void)
{
  static const struct {
    const char *name;
    NileEdition edition;
    const char *inputs;
    const char *message;
  } cases[] = {
    { "native-attitude", NILE_EDITION_DG, "{'distance': <3>, 'askaris': <0>}",
      "Native Attitude needs “The native policy chosen, 1 to 5”" },
    { "native-attitude", NILE_EDITION_DG, "{'distance': <3>, 'policy': <6>, 'askaris': <0>}",
      "Native Attitude: “The native policy chosen, 1 to 5” must be 1 to 5; 6 was given" },
    { "native-attitude", NILE_EDITION_DG, "{'distance': <3>, 'policy': <2>, 'askaris': <-1>}",
      "Native Attitude: “Askaris in the expedition” must be 0 to 999; -1 was given" },
    { "cataract", NILE_EDITION_DG, "{'terrain': <'forest'>}",
      "Cataract: “forest” is not a choice for “Terrain of the river hex”; the choices are desert, veldt, lake, "
      "swamp, jungle, mountains, jungle-swamp, jungle-mountain" },
    { "cache", NILE_EDITION_AH, "{'policy': <2>}",
      "Cache Recovery (Avalon Hill) has no input “policy”" },
    { "looting", NILE_EDITION_AH, "{'size': <'small'>, 'zoologist': <true>}",
      "Looting (Avalon Hill) has no input “zoologist”" },
    { "looting", NILE_EDITION_AH, "{'size': <3>}",
      "Looting: “Size of the tribe” has the wrong kind of value (i)" },
    { "oasis", NILE_EDITION_AH, NULL,
      "Oasis is in the Discovery Games rules only; the Avalon Hill rules have no such roll" },
    { "looting", NILE_EDITION_DG, "{'size': <'small'>}",
      "Looting is in the Avalon Hill rules only; the Discovery Games rules have no such roll" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(NileRollResult) result = try_roll (cases[i].name, cases[i].edition, cases[i].inputs, "1", &error);

      g_assert_null (result);
      g_assert_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static char *
fake_completion (const char *sheet_id,
                 gpointer    user_data)
{
  return g_strdup_printf ("%s: %s", sheet_id, (const char *) user_data);
}

static void
test_sheet_completion (void)
{
  const NileRollSpec *specs;
  guint n_specs;

  specs = nile_roll_get_all (&n_specs);
  nile_roll_set_sheet_completion_func (fake_completion, (gpointer) "3 of 36");
  for (guint i = 0; i < n_specs; i++)
    {
      g_autofree char *completion = nile_roll_spec_dup_sheet_completion (&specs[i]);

      if (specs[i].sheet_id == NULL)
        g_assert_null (completion);
      else
        g_assert_true (g_str_has_suffix (completion, ": 3 of 36"));
    }
  nile_roll_set_sheet_completion_func (NULL, NULL);
}

/* Every roll, both editions, with seeded dice and the smallest inputs
 * it takes, always comes back done, with text ending in its rule. A
 * procedure of a sheet roll may instead need the sheet store, which this
 * test does not have: then it must say so with a NILE_ERROR. */
static void
test_every_roll_runs_seeded (void)
{
  const NileRollSpec *specs;
  guint n_specs;

  specs = nile_roll_get_all (&n_specs);
  for (guint i = 0; i < n_specs; i++)
    for (NileEdition e = 0; e < NILE_N_EDITIONS; e++)
      {
        const NileRollEditionSpec *edition = &specs[i].editions[e];
        g_auto(GVariantDict) inputs = G_VARIANT_DICT_INIT (NULL);
        g_autoptr(NileDiceSource) dice = nile_random_dice_new_seeded (i * 2 + e);
        g_autoptr(NileRollResult) result = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *ending = NULL;

        if (edition->run == NULL)
          continue;

        for (guint k = 0; edition->inputs[k].name != NULL; k++)
          {
            const NileRollInput *input = &edition->inputs[k];

            if (input->kind == NILE_ROLL_INPUT_INT)
              g_variant_dict_insert (&inputs, input->name, "i", MAX (input->min, MIN (input->max, 3)));
            else if (input->kind == NILE_ROLL_INPUT_CHOICE)
              g_variant_dict_insert (&inputs, input->name, "s",
                                     nile_enum_to_nick (input->type_func (), input->fallback));
          }
        /* The combinations the procedures ask for. */
        if (nile_roll_spec_find_input (&specs[i], e, "charge") != NULL)
          g_variant_dict_insert (&inputs, "charge", "b", TRUE);
        if (nile_roll_spec_find_input (&specs[i], e, "upstream") != NULL)
          g_variant_dict_insert (&inputs, "upstream", "b", TRUE);
        if (nile_roll_spec_find_input (&specs[i], e, "fighters") != NULL)
          g_variant_dict_insert (&inputs, "fighters", "i", 3);

        result = nile_roll_run (&specs[i], e, g_variant_dict_end (&inputs), dice, NULL, &error);
        if (specs[i].sheet_id != NULL &&
            (result == NULL || nile_roll_result_get_status (result) == NILE_ROLL_STATUS_NEEDS_CELL))
          {
            g_assert_true (result != NULL || error->domain == NILE_ERROR);
            continue;
          }
        g_assert_no_error (error);
        g_assert_nonnull (result);
        g_assert_cmpint (nile_roll_result_get_status (result), ==, NILE_ROLL_STATUS_DONE);
        g_assert_nonnull (nile_roll_result_get_outcome (result));
        ending = g_strdup_printf ("(%s)", edition->source);
        g_assert_true (g_str_has_suffix (nile_roll_result_get_text (result), ending));
      }
}

/* The same seed, the same roll. */
static void
test_seeded_is_deterministic (void)
{
  const NileRollSpec *spec = nile_roll_lookup ("combat");
  g_autofree char *first = NULL;

  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(NileDiceSource) dice = nile_random_dice_new_seeded (1977);
      g_autoptr(GVariant) inputs =
        g_variant_parse (G_VARIANT_TYPE_VARDICT, "{'askaris': <12>, 'natives': <60>, 'ambush': <true>}",
                         NULL, NULL, NULL);
      g_autoptr(NileRollResult) result = nile_roll_run (spec, NILE_EDITION_DG, inputs, dice, NULL, NULL);
      g_autofree char *json = nile_roll_result_to_json (result, FALSE);

      if (first == NULL)
        first = g_steal_pointer (&json);
      else
        g_assert_cmpstr (json, ==, first);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/roll-registry/specs-complete", test_specs_are_complete);
  g_test_add_func ("/roll-registry/lookup", test_lookup);
  g_test_add_func ("/roll-registry/bad-inputs", test_bad_inputs);
  g_test_add_func ("/roll-registry/sheet-completion", test_sheet_completion);
  g_test_add_func ("/roll-registry/every-roll-seeded", test_every_roll_runs_seeded);
  g_test_add_func ("/roll-registry/seeded-deterministic", test_seeded_is_deterministic);

  return g_test_run ();
}
