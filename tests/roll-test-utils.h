/* roll-test-utils.h: running a roll with the players' dice, for tests
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "nile-entered-dice.h"
#include "nile-roll.h"

/* @inputs is GVariant text for an a{sv} ("{'policy': <4>}") or NULL;
 * @dice is what a player types, "" for a roll that throws none. */
static inline NileRollResult *
try_roll (const char   *name,
          NileEdition   edition,
          const char   *inputs,
          const char   *dice,
          GError      **error)
{
  const NileRollSpec *spec = nile_roll_lookup (name);
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(NileDiceSource) source = NULL;
  g_autoptr(GError) local_error = NULL;

  g_assert_nonnull (spec);

  variant = g_variant_parse (G_VARIANT_TYPE_VARDICT, inputs != NULL ? inputs : "@a{sv} {}",
                             NULL, NULL, &local_error);
  g_assert_no_error (local_error);

  if (dice[0] == '\0')
    source = nile_entered_dice_new (NULL, 0);
  else
    source = nile_entered_dice_new_from_string (dice, &local_error);
  g_assert_no_error (local_error);

  return nile_roll_run (spec, edition, variant, source, NULL, error);
}

static inline NileRollResult *
roll_ok (const char *name,
         NileEdition edition,
         const char *inputs,
         const char *dice)
{
  g_autoptr(GError) error = NULL;
  NileRollResult *result = try_roll (name, edition, inputs, dice, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
}

static inline int
result_total (NileRollResult *result)
{
  int total = G_MININT;

  g_assert_true (nile_roll_result_get_total (result, &total));
  return total;
}

#define assert_outcome(result, expected) \
  g_assert_cmpstr (nile_roll_result_get_outcome (result), ==, expected)
