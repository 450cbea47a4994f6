/* nile-rolls-ah.c: the Avalon Hill rules that need no printed table
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-rolls-ah"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-error.h"
#include "nile-rolls-ah.h"
#include "nile-rolls-private.h"

#define GET(name) nile_roll_context_get (ctx, name)

/* Looting dice by tribe size (R 16.432); their sum doubled is the number
 * of rolls on the looting table. */
static const guint looting_dice[] = {
  [NILE_TRIBE_SIZE_SMALL] = 1,
  [NILE_TRIBE_SIZE_MEDIUM] = 2,
  [NILE_TRIBE_SIZE_LARGE] = 3,
};

gboolean
nile_rolls_ah_looting (NileRollContext  *ctx,
                       GError          **error)
{
  guint first = nile_roll_result_get_n_dice (ctx->result);
  guint n_dice = looting_dice[GET ("size")];
  guint sum;

  /* All ones still give two looting rolls a die. */
  ctx->min_dice = n_dice * 3;
  sum = nile_dice_sum (ctx->dice, ctx->result, n_dice);
  g_autofree char *text = g_strdup_printf (_("%u looting dice sum to %u, doubled: %u rolls"),
                                           n_dice, sum, sum * 2);
  guint n_steps;
  const NileRollStep *steps;

  nile_roll_result_add_step (ctx->result, "looting-dice", first, text);
  nile_roll_result_set_total (ctx->result, (int) sum * 2);
  nile_rolls_loot (ctx, sum * 2, GET ("desert"), GET ("river"));
  nile_roll_result_set_outcome (ctx->result, "looted");

  steps = nile_roll_result_get_steps (ctx->result, &n_steps);
  nile_rolls_set_text (ctx, "%s", steps[n_steps - 1].text);
  return TRUE;
}

gboolean
nile_rolls_ah_poison (NileRollContext  *ctx,
                      GError          **error)
{
  gboolean dies;

  /* The house rule makes it one chance in 36: both of two dice show 1. */
  if (GET ("house-poison-36"))
    {
      guint first = nile_dice_d6 (ctx->dice, ctx->result);
      guint second = nile_dice_d6 (ctx->dice, ctx->result);

      dies = first == 1 && second == 1;
      nile_roll_result_set_total (ctx->result, (int) (first + second));
      nile_rolls_set_text (ctx, dies ? _("Poisoned: %u and %u, the explorer dies")
                                     : _("No poison: %u and %u are not both 1"),
                           first, second);
    }
  else
    {
      guint die = nile_dice_d6 (ctx->dice, ctx->result);

      dies = die == 1;
      nile_roll_result_set_total (ctx->result, (int) die);
      nile_rolls_set_text (ctx, dies ? _("Poisoned: %u, the explorer dies")
                                     : _("No poison: %u"),
                           die);
    }

  nile_roll_result_set_outcome (ctx->result, dies ? "explorer-dies" : "safe");
  nile_roll_result_set_extra (ctx->result, "explorer_dies", g_variant_new_boolean (dies));
  if (dies)
    nile_roll_result_add_effect (ctx->result, NILE_EFFECT_EXPLORER_DIES, 1, NULL);
  return TRUE;
}

gboolean
nile_rolls_ah_cache (NileRollContext  *ctx,
                     GError          **error)
{
  guint die = nile_dice_d6 (ctx->dice, ctx->result);
  gboolean gone = die == 1;

  nile_roll_result_set_total (ctx->result, (int) die);
  nile_roll_result_set_outcome (ctx->result, gone ? "gone" : "recovered");
  if (gone)
    nile_roll_result_add_effect (ctx->result, NILE_EFFECT_CACHE_GONE, 1, NULL);
  nile_rolls_set_text (ctx, gone ? _("The cache is gone: %u")
                                 : _("The cache is recovered: %u"),
                       die);
  return TRUE;
}

/* One 2d6 per person the disaster kills; a 12 (11 or 12 when the person
 * the card names is not there) kills the explorer instead of that person.
 * The explorer dies once, so the throws stop there. */
gboolean
nile_rolls_ah_disaster_death (NileRollContext  *ctx,
                              GError          **error)
{
  int killed = GET ("killed");
  guint at_least = GET ("named-absent") ? 11 : 12;
  gboolean dies = FALSE;
  int person;

  ctx->min_dice = 2;

  for (person = 1; person <= killed && !dies; person++)
    {
      guint first = nile_roll_result_get_n_dice (ctx->result);
      guint roll = nile_dice_sum (ctx->dice, ctx->result, 2);
      g_autofree char *text = NULL;

      dies = roll >= at_least;
      text = g_strdup_printf (dies ? _("Person %d: %u, the explorer dies instead")
                                   : _("Person %d: %u"),
                              person, roll);
      nile_roll_result_add_step (ctx->result, "person", first, text);
    }

  nile_roll_result_set_extra (ctx->result, "explorer_dies", g_variant_new_boolean (dies));
  nile_roll_result_set_extra (ctx->result, "rolls", g_variant_new_int32 (person - 1));
  nile_roll_result_set_outcome (ctx->result, dies ? "explorer-dies" : "as-drawn");
  if (dies)
    {
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_EXPLORER_DIES, 1, NULL);
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_PERSON_SPARED, 1, NULL);
      nile_rolls_set_text (ctx, _("The explorer dies in place of person %d of %d"),
                           person - 1, killed);
    }
  else
    nile_rolls_set_text (ctx, g_dngettext (GETTEXT_PACKAGE, "The explorer survives; the %d death stands (needed %u)",
                                           "The explorer survives; the %d deaths stand (needed %u)", killed),
                         killed, at_least);
  return TRUE;
}

gboolean
nile_rolls_ah_shoot_animal (NileRollContext  *ctx,
                            GError          **error)
{
  gboolean zoologist = GET ("zoologist");
  int shots;
  guint kills;

  /* Each fighter shoots once unless the card says otherwise (R 11.42). */
  if (nile_roll_context_has (ctx, "shots"))
    shots = GET ("shots");
  else if (nile_roll_context_has (ctx, "fighters"))
    shots = GET ("fighters");
  else
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Shooting an Animal needs the fighters (askaris, and the explorer if "
                             "armed), or the shots when the disaster card says how many"));
      return FALSE;
    }

  kills = nile_dice_count_hits (ctx->dice, ctx->result, (guint) shots, 1, zoologist ? 5 : 6);

  nile_roll_result_set_total (ctx->result, (int) kills);
  nile_roll_result_set_outcome (ctx->result, kills > 0 ? "killed" : "missed");
  nile_roll_result_set_extra (ctx->result, "kills", g_variant_new_int32 ((int) kills));
  if (kills > 0)
    {
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_ANIMALS_KILLED, (int) kills, NULL);
      /* R 5.4425: ten fresh rations an animal (R 18.5's "1" is a misprint). */
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_FRESH_RATIONS, (int) kills * 10, NULL);
      nile_rolls_set_text (ctx,
                           zoologist ? g_dngettext (GETTEXT_PACKAGE, "%u of %d shot kills (5 or 6): %u fresh rations",
                                                    "%u of %d shots kill (5 or 6): %u fresh rations", shots)
                                     : g_dngettext (GETTEXT_PACKAGE, "%u of %d shot kills (6): %u fresh rations",
                                                    "%u of %d shots kill (6): %u fresh rations", shots),
                           kills, shots, kills * 10);
    }
  else
    nile_rolls_set_text (ctx, g_dngettext (GETTEXT_PACKAGE, "%d shot misses", "All %d shots miss", shots), shots);
  return TRUE;
}

gboolean
nile_rolls_ah_cataract_canoes (NileRollContext  *ctx,
                               GError          **error)
{
  int canoes = GET ("canoes");
  int over = nile_dice_d6_minus (ctx->dice, ctx->result, 3, 0);
  int lost = MIN (over, canoes);

  nile_roll_result_add_modifier (ctx->result, _("over the falls"), -3);
  nile_roll_result_set_total (ctx->result, lost);
  nile_roll_result_set_outcome (ctx->result, lost > 0 ? "canoes-lost" : "safe");
  nile_roll_result_set_extra (ctx->result, "lost_canoes", g_variant_new_int32 (lost));
  if (lost > 0)
    {
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_CANOES_LOST, lost, NULL);
      /* Translators: canoes lost, of how many */
      nile_rolls_set_text (ctx, g_dngettext (GETTEXT_PACKAGE, "%d of %d canoe goes over the falls with all aboard",
                                             "%d of %d canoes go over the falls with all aboard", canoes),
                           lost, canoes);
    }
  else
    nile_rolls_set_text (ctx, _("No canoe goes over the falls"));
  return TRUE;
}

typedef struct {
  int player;
  int total;
} Throw;

#define MAX_REROLLS 64

static int
compare_throws (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  const Throw *first = a;
  const Throw *second = b;

  return second->total - first->total;
}

/* Orders @players[0 … n-1] in place: four dice each, highest first, and
 * only the players of a tie throw again among themselves. */
static void
order_players (NileRollContext *ctx,
               int             *players,
               guint            n,
               guint            round)
{
  g_autofree Throw *throws = g_new (Throw, n);
  guint start = 0;

  for (guint i = 0; i < n; i++)
    {
      guint first = nile_roll_result_get_n_dice (ctx->result);
      g_autofree char *text = NULL;

      throws[i].player = players[i];
      throws[i].total = (int) nile_dice_sum (ctx->dice, ctx->result, 4);
      text = g_strdup_printf (round == 0 ? _("Player %d: %d")
                                         : _("Player %d, throwing again for a tie: %d"),
                              players[i], throws[i].total);
      nile_roll_result_add_step (ctx->result, "player", first, text);
    }

  g_qsort_with_data (throws, (int) n, sizeof (Throw), compare_throws, NULL);
  for (guint i = 0; i < n; i++)
    players[i] = throws[i].player;

  while (start < n)
    {
      guint end = start + 1;

      while (end < n && throws[end].total == throws[start].total)
        end++;
      /* Players still tied after this many throws keep their seats:
       * only the stand-ins for missing entered dice get here. */
      if (end - start > 1 && round < MAX_REROLLS)
        order_players (ctx, players + start, end - start, round + 1);
      start = end;
    }
}

gboolean
nile_rolls_ah_turn_order (NileRollContext  *ctx,
                          GError          **error)
{
  int n = GET ("players");
  int players[8];
  g_autoptr(GString) text = g_string_new (_("Order of play:"));
  GVariantBuilder order;

  g_assert (n <= (int) G_N_ELEMENTS (players));

  ctx->min_dice = 4 * (guint) n;

  for (int i = 0; i < n; i++)
    players[i] = i + 1;
  order_players (ctx, players, (guint) n, 0);

  g_variant_builder_init (&order, G_VARIANT_TYPE ("ai"));
  for (int i = 0; i < n; i++)
    {
      g_variant_builder_add (&order, "i", players[i]);
      g_string_append_printf (text, i == 0 ? " %d" : ", %d", players[i]);
    }
  nile_roll_result_set_extra (ctx->result, "order", g_variant_builder_end (&order));
  nile_roll_result_set_outcome (ctx->result, "ordered");
  nile_rolls_set_text (ctx, "%s", text->str);
  return TRUE;
}
