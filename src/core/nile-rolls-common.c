/* nile-rolls-common.c: helpers the roll procedures share
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-rolls"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-rolls-private.h"

void
nile_rolls_set_text (NileRollContext *ctx,
                     const char      *format,
                     ...)
{
  va_list args;

  va_start (args, format);
  nile_roll_result_take_text (ctx->result, g_strdup_vprintf (format, args));
  va_end (args);
}

void
nile_rolls_loot (NileRollContext *ctx,
                 guint            n_rolls,
                 gboolean         desert,
                 gboolean         river)
{
  guint first = nile_roll_result_get_n_dice (ctx->result);
  int rations = 0, gifts = 0, camels = 0, canoes = 0, nothing = 0;
  g_autofree char *text = NULL;

  for (guint i = 0; i < n_rolls; i++)
    {
      guint die = nile_dice_d6 (ctx->dice, ctx->result);

      if (die <= 4)
        rations += die;
      else if (die == 5)
        gifts++;
      /* A desert hex on a river gives a camel: the table names the desert
       * first, and a camel is what a desert village keeps. */
      else if (desert)
        camels++;
      else if (river)
        canoes++;
      else
        nothing++;
    }

  if (rations > 0)
    nile_roll_result_add_effect (ctx->result, NILE_EFFECT_RATIONS, rations, NULL);
  if (gifts > 0)
    nile_roll_result_add_effect (ctx->result, NILE_EFFECT_GIFTS, gifts, NULL);
  if (camels > 0)
    nile_roll_result_add_effect (ctx->result, NILE_EFFECT_CAMELS, camels, NULL);
  if (canoes > 0)
    nile_roll_result_add_effect (ctx->result, NILE_EFFECT_CANOES, canoes, NULL);

  if (nothing > 0)
    text = g_strdup_printf (_("%u looting rolls: %d rations, %d gifts; %d sixes find nothing, "
                              "the hex being neither desert nor on a river"),
                            n_rolls, rations, gifts, nothing);
  else
    text = g_strdup_printf (_("%u looting rolls: %d rations, %d gifts, %d camels, %d canoes"),
                            n_rolls, rations, gifts, camels, canoes);
  nile_roll_result_add_step (ctx->result, "looting", first, text);

  /* An a{si} built entry by entry: a GVariantDict here cost more than
   * all the looting dice. */
  {
    const char * const names[] = { "rations", "gifts", "camels", "canoes" };
    const int amounts[] = { rations, gifts, camels, canoes };
    GVariant *entries[G_N_ELEMENTS (names)];

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      entries[i] = g_variant_new_dict_entry (g_variant_new_string (names[i]),
                                             g_variant_new_int32 (amounts[i]));
    nile_roll_result_set_extra (ctx->result, "loot",
                                g_variant_new_array (NULL, entries, G_N_ELEMENTS (entries)));
  }
  nile_roll_result_set_extra (ctx->result, "rolls", g_variant_new_int32 ((int) n_rolls));
}
