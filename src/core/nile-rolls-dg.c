/* nile-rolls-dg.c: the Discovery Games procedures, which are formulas
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each follows the DG sequence of play as the app settles it in
 * rulings.md ("Discovery Games combat, made exact").
 */
#define G_LOG_DOMAIN "nile-rolls-dg"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-rolls-dg.h"
#include "nile-rolls-private.h"
#include "nile-victory.h"

#define GET(name) nile_roll_context_get (ctx, name)

typedef struct {
  guint8 low;
  guint8 high;
} DieRange;

/* Lost: the modifier for the hex being left (DG, Move a Hex). */
static const int lost_modifiers[] = {
  [NILE_TERRAIN_DESERT] = -1,
  [NILE_TERRAIN_VELDT] = -1,
  [NILE_TERRAIN_LAKE] = -1,
  [NILE_TERRAIN_SWAMP] = -2,
  [NILE_TERRAIN_JUNGLE] = -3,
  [NILE_TERRAIN_MOUNTAINS] = -2,
  [NILE_TERRAIN_JUNGLE_SWAMP] = -5,
  [NILE_TERRAIN_JUNGLE_MOUNTAIN] = -5,
};

/* Natives present: the 2d6 totals that find natives, by terrain. A mixed
 * hex finds them on either terrain's totals; {0, 0} is none. */
static const DieRange natives_ranges[] = {
  [NILE_TERRAIN_DESERT] = { 0, 0 },
  [NILE_TERRAIN_VELDT] = { 2, 4 },
  [NILE_TERRAIN_LAKE] = { 2, 3 },
  [NILE_TERRAIN_SWAMP] = { 2, 4 },
  [NILE_TERRAIN_JUNGLE] = { 2, 4 },
  [NILE_TERRAIN_MOUNTAINS] = { 5, 6 },
  [NILE_TERRAIN_JUNGLE_SWAMP] = { 2, 4 },
  [NILE_TERRAIN_JUNGLE_MOUNTAIN] = { 2, 6 },
};
static const DieRange natives_by_river = { 7, 7 };
static const DieRange natives_by_lake = { 2, 3 };

/* Cataract on a river, by terrain (one die). Jungle/mountain takes both
 * its terrains' faces; lake and swamp hexes have none. */
static const DieRange cataract_ranges[] = {
  [NILE_TERRAIN_DESERT] = { 1, 2 },
  [NILE_TERRAIN_VELDT] = { 1, 1 },
  [NILE_TERRAIN_LAKE] = { 0, 0 },
  [NILE_TERRAIN_SWAMP] = { 0, 0 },
  [NILE_TERRAIN_JUNGLE] = { 1, 1 },
  [NILE_TERRAIN_MOUNTAINS] = { 2, 4 },
  [NILE_TERRAIN_JUNGLE_SWAMP] = { 1, 1 },
  [NILE_TERRAIN_JUNGLE_MOUNTAIN] = { 1, 4 },
};

/* What an explorer escaping a defeat keeps (Table A), and what a carrier
 * on it carries. */
static const struct {
  const char *what;
  gboolean    carries;
} table_a[] = {
  { "guide", FALSE },
  { "bearer", TRUE },
  { "askari", FALSE },
  { "camel", TRUE },
  { "horse", TRUE },
  { "canoe", TRUE },
};

static const char * const table_a_loads[] = {
  "rations", "rations", "rations", "gifts", "gifts", "muskets",
};

/* Each carried load is ten of its kind. */
#define TABLE_A_LOAD 10

static gboolean
in_range (DieRange range,
          guint    value)
{
  return range.low != 0 && value >= range.low && value <= range.high;
}

gboolean
nile_rolls_dg_native_attitude (NileRollContext  *ctx,
                               GError          **error)
{
  int distance = GET ("distance");
  int policy = GET ("policy");
  int attitude = GET ("attitude");
  int against = distance + policy;
  const char *bonus = NULL;
  guint roll;

  nile_roll_result_add_modifier (ctx->result, _("distance to port"), distance);
  nile_roll_result_add_modifier (ctx->result, _("native policy"), policy);

  if (GET ("askaris") == 0 && policy >= 4)
    {
      gboolean unarmed = GET ("no-muskets");

      nile_roll_result_add_modifier (ctx->result,
                                     unarmed ? _("no askaris and no muskets") : _("no askaris"),
                                     unarmed ? 3 : 2);
      against += unarmed ? 3 : 2;
    }

  /* One +1 however many of these apply; the reason names the first. */
  if ((policy == 3 || policy == 5) && GET ("guide-adjacent"))
    bonus = _("guide hired next door");
  else if (GET ("negotiated-before"))
    bonus = _("negotiated with them before");
  else if (GET ("published"))
    bonus = _("hex published");
  if (bonus != NULL)
    {
      nile_roll_result_add_modifier (ctx->result, bonus, 1);
      against += 1;
    }

  if (attitude != 0)
    {
      nile_roll_result_add_modifier (ctx->result, _("tribe’s attitude"), attitude);
      against += attitude;
    }

  roll = nile_dice_sum (ctx->dice, ctx->result, 3);
  nile_roll_result_set_total (ctx->result, (int) roll);
  nile_roll_result_set_extra (ctx->result, "against", g_variant_new_int32 (against));

  if ((int) roll > against)
    {
      nile_roll_result_set_outcome (ctx->result, "hostile");
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_TRIBE_HOSTILE, 1, NULL);
      nile_rolls_set_text (ctx, _("Hostile: 3d6 = %u beats %d"), roll, against);
    }
  else
    {
      nile_roll_result_set_outcome (ctx->result, "neutral");
      nile_rolls_set_text (ctx, _("Neutral, the natives hide: 3d6 = %u does not beat %d"),
                           roll, against);
    }

  return TRUE;
}

/* Hide, ambush or charge; shared by Hostile Action and an insulted chief
 * in Negotiation. Returns the outcome nick. */
static const char *
resolve_hostile_action (NileRollContext *ctx)
{
  int askaris = GET ("askaris");
  int distance = GET ("distance");
  int policy = GET ("policy");
  int natives = GET ("natives");
  gboolean mounted = GET ("mounted");
  gboolean desert = GET ("desert");
  guint first = nile_roll_result_get_n_dice (ctx->result);
  g_autofree char *text = NULL;
  const char *outcome;
  int strength, value;

  /* (askaris + 1) × distance ÷ policy > natives, compared without the
   * division so no fraction is lost. */
  strength = (askaris + 1) * distance;
  if (strength > natives * policy)
    {
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "They hide: (%d askaris + 1) × distance %d = %d beats "
                                           "%d native × policy %d = %d",
                                           "They hide: (%d askaris + 1) × distance %d = %d beats "
                                           "%d natives × policy %d = %d", natives),
                              askaris, distance, strength, natives, policy, natives * policy);
      nile_roll_result_add_step (ctx->result, "hostile-action", first, text);
      return "hide";
    }

  value = (int) nile_dice_higher_of_2 (ctx->dice, ctx->result);
  if (mounted && !desert)
    {
      nile_roll_result_add_modifier (ctx->result, _("mounted, not in desert"), 1);
      value += 1;
    }
  else if (!mounted && desert)
    {
      nile_roll_result_add_modifier (ctx->result, _("on foot in desert"), -1);
      value -= 1;
    }
  nile_roll_result_set_total (ctx->result, value);

  if (value < policy)
    {
      outcome = "ambush";
      text = g_strdup_printf (_("Ambush: the higher die comes to %d, below policy %d"), value, policy);
    }
  else
    {
      outcome = "charge";
      text = g_strdup_printf (_("Charge: the higher die comes to %d, not below policy %d"), value, policy);
    }
  nile_roll_result_add_step (ctx->result, "hostile-action", first, text);
  return outcome;
}

gboolean
nile_rolls_dg_hostile_action (NileRollContext  *ctx,
                              GError          **error)
{
  const char *outcome = resolve_hostile_action (ctx);
  guint n_steps;
  const NileRollStep *steps = nile_roll_result_get_steps (ctx->result, &n_steps);

  nile_roll_result_set_outcome (ctx->result, outcome);
  nile_rolls_set_text (ctx, "%s", steps[n_steps - 1].text);
  return TRUE;
}

gboolean
nile_rolls_dg_negotiation (NileRollContext  *ctx,
                           GError          **error)
{
  int gifts = GET ("gifts");
  int natives = GET ("natives");
  guint first = nile_roll_result_get_n_dice (ctx->result);
  g_autofree char *text = NULL;
  const char *action;
  int offer, high;
  guint poison;

  ctx->min_dice = 2;
  high = (int) nile_dice_higher_of_2 (ctx->dice, ctx->result);
  offer = high * gifts;
  nile_roll_result_set_total (ctx->result, offer);
  nile_roll_result_set_extra (ctx->result, "insulted", g_variant_new_boolean (offer < natives));

  if (offer >= natives)
    {
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Friendly: higher die %d × %d gifts = %d, not below %d native",
                                           "Friendly: higher die %d × %d gifts = %d, not below %d natives",
                                           natives),
                              high, gifts, offer, natives);
      nile_roll_result_add_step (ctx->result, "offer", first, text);
      nile_roll_result_set_outcome (ctx->result, "friendly");
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_TRIBE_FRIENDLY, 1, NULL);
      nile_rolls_set_text (ctx, "%s", text);
      return TRUE;
    }

  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The chief is insulted: higher die %d × %d gifts = %d, below %d native",
                                       "The chief is insulted: higher die %d × %d gifts = %d, below %d natives",
                                       natives),
                          high, gifts, offer, natives);
  nile_roll_result_add_step (ctx->result, "offer", first, text);

  /* DG's "go to (5)": the hostile tribe's action. */
  action = resolve_hostile_action (ctx);
  if (g_strcmp0 (action, "hide") != 0)
    {
      nile_roll_result_set_outcome (ctx->result, action);
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_TRIBE_HOSTILE, 1, NULL);
      nile_rolls_set_text (ctx, g_str_equal (action, "charge")
                                  ? g_dngettext (GETTEXT_PACKAGE,
                                                 "Insulted (%d × %d gifts is below %d native); they charge",
                                                 "Insulted (%d × %d gifts is below %d natives); they charge",
                                                 natives)
                                  : g_dngettext (GETTEXT_PACKAGE,
                                                 "Insulted (%d × %d gifts is below %d native); they ambush",
                                                 "Insulted (%d × %d gifts is below %d natives); they ambush",
                                                 natives),
                           high, gifts, natives);
      return TRUE;
    }

  /* The warriors hide, so the chief turns to poison. */
  first = nile_roll_result_get_n_dice (ctx->result);
  poison = nile_dice_d6 (ctx->dice, ctx->result);
  nile_roll_result_set_extra (ctx->result, "explorer_dies", g_variant_new_boolean (poison <= 2));
  if (poison <= 2)
    {
      nile_roll_result_set_outcome (ctx->result, "explorer-dies");
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_EXPLORER_DIES, 1, NULL);
      g_free (text);
      text = g_strdup_printf (_("Poison, %u: the explorer dies"), poison);
    }
  else if (poison == 3)
    {
      nile_roll_result_set_outcome (ctx->result, "explorer-recovers");
      g_free (text);
      text = g_strdup_printf (_("Poison, %u: the explorer falls ill and recovers"), poison);
    }
  else
    {
      nile_roll_result_set_outcome (ctx->result, "poison-fails");
      g_free (text);
      text = g_strdup_printf (_("Poison, %u: the attempt fails"), poison);
    }
  nile_roll_result_add_step (ctx->result, "poison", first, text);
  nile_rolls_set_text (ctx, g_dngettext (GETTEXT_PACKAGE,
                                         "Insulted (%d × %d gifts is below %d native), the warriors hide. %s",
                                         "Insulted (%d × %d gifts is below %d natives), the warriors hide. %s",
                                         natives),
                       high, gifts, natives, text);
  return TRUE;
}

gboolean
nile_rolls_dg_combat (NileRollContext  *ctx,
                      GError          **error)
{
  int askaris_start = GET ("askaris");
  int askaris = askaris_start;
  int natives = GET ("natives");
  int fighters = askaris + (GET ("armed") ? 1 : 0);
  gboolean charge = GET ("charge");
  gboolean victory = FALSE;
  int rounds = 0;

  if (charge == GET ("ambush"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Combat needs a charge or an ambush, as Hostile Action decided"));
      return FALSE;
    }

  /* A charge can end at first fire; an ambush takes a whole attack. */
  ctx->min_dice = charge ? 1 : 2;

  if (charge)
    {
      guint first = nile_roll_result_get_n_dice (ctx->result);
      int killed = MIN (fighters, natives);
      guint die;
      g_autofree char *text = NULL;

      natives -= killed;
      die = nile_dice_d6 (ctx->dice, ctx->result);
      victory = killed * (int) die > natives;
      text = g_strdup_printf (victory
                                ? g_dngettext (GETTEXT_PACKAGE,
                                               "First fire: %d native killed; %d × %u beats the %d left",
                                               "First fire: %d natives killed; %d × %u beats the %d left",
                                               killed)
                                : g_dngettext (GETTEXT_PACKAGE,
                                               "First fire: %d native killed; %d × %u does not beat the %d left",
                                               "First fire: %d natives killed; %d × %u does not beat the %d left",
                                               killed),
                              killed, killed, die, natives);
      nile_roll_result_add_step (ctx->result, "first-fire", first, text);
    }

  while (!victory)
    {
      guint first = nile_roll_result_get_n_dice (ctx->result);
      g_autofree char *text = NULL;
      g_autofree char *kills = NULL;
      guint divisor, die;
      int killed, quotient;
      gboolean broken;

      rounds++;

      /* The natives' attack. No more fall than there are: the sum is
       * shown as made, then that every one of them fell. */
      divisor = nile_dice_d6 (ctx->dice, ctx->result);
      quotient = natives / (int) divisor;
      killed = MIN (quotient, askaris);
      if (askaris == 0)
        kills = g_strdup_printf (_("%d ÷ %u = %d, with no askaris to kill"), natives, divisor, quotient);
      else if (quotient > killed)
        kills = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d ÷ %u = %d, the %d askari killed",
                                              "%d ÷ %u = %d, all %d askaris killed", killed),
                                 natives, divisor, quotient, killed);
      else
        kills = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d ÷ %u = %d askari killed",
                                              "%d ÷ %u = %d askaris killed", killed),
                                 natives, divisor, killed);
      askaris -= killed;
      die = nile_dice_d6 (ctx->dice, ctx->result);
      broken = killed * (int) die > askaris_start;
      if (broken)
        text = g_strdup_printf (_("Natives attack: %s; %d × %u beats the %d who began: the askaris break"),
                                kills, killed, die, askaris_start);
      else if (askaris == 0)
        text = g_strdup_printf (_("Natives attack: %s; %d × %u does not beat the %d who began, but none are "
                                  "left"),
                                kills, killed, die, askaris_start);
      else
        text = g_strdup_printf (_("Natives attack: %s; %d × %u does not beat the %d who began"),
                                kills, killed, die, askaris_start);
      nile_roll_result_add_step (ctx->result, "natives-attack", first, text);
      if (broken || askaris == 0)
        break;

      /* The counter-attack, likewise. */
      first = nile_roll_result_get_n_dice (ctx->result);
      divisor = nile_dice_d6 (ctx->dice, ctx->result);
      quotient = askaris / (int) divisor + 1;
      killed = MIN (quotient, natives);
      g_free (kills);
      kills = quotient > killed
                ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d ÷ %u + 1 = %d, the %d native killed",
                                                "%d ÷ %u + 1 = %d, all %d natives killed", killed),
                                   askaris, divisor, quotient, killed)
                : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d ÷ %u + 1 = %d native killed",
                                                "%d ÷ %u + 1 = %d natives killed", killed),
                                   askaris, divisor, killed);
      natives -= killed;
      die = nile_dice_d6 (ctx->dice, ctx->result);
      victory = killed * (int) die > natives;
      g_free (text);
      text = g_strdup_printf (victory ? _("Counter-attack: %s; %d × %u beats the %d left")
                                      : _("Counter-attack: %s; %d × %u does not beat the %d left"),
                              kills, killed, die, natives);
      nile_roll_result_add_step (ctx->result, "counter-attack", first, text);
    }

  nile_roll_result_set_outcome (ctx->result, victory ? "victory" : "defeat");
  if (askaris_start - askaris > 0)
    nile_roll_result_add_effect (ctx->result, NILE_EFFECT_ASKARIS_KILLED, askaris_start - askaris, NULL);
  if (GET ("natives") - natives > 0)
    nile_roll_result_add_effect (ctx->result, NILE_EFFECT_NATIVES_KILLED, GET ("natives") - natives, NULL);
  nile_roll_result_set_extra (ctx->result, "askaris_left", g_variant_new_int32 (askaris));
  nile_roll_result_set_extra (ctx->result, "natives_left", g_variant_new_int32 (natives));
  nile_roll_result_set_extra (ctx->result, "rounds", g_variant_new_int32 (rounds));

  /* A charge can be won before the natives strike at all: no round. */
  if (rounds == 0)
    nile_rolls_set_text (ctx, _("Victory at first fire: %d askaris and %d natives left"), askaris, natives);
  else
    nile_rolls_set_text (ctx, victory
                                ? g_dngettext (GETTEXT_PACKAGE,
                                               "Victory after %d round: %d askaris and %d natives left",
                                               "Victory after %d rounds: %d askaris and %d natives left",
                                               rounds)
                                : g_dngettext (GETTEXT_PACKAGE,
                                               "Defeat after %d round: %d askaris and %d natives left",
                                               "Defeat after %d rounds: %d askaris and %d natives left",
                                               rounds),
                         rounds, askaris, natives);
  return TRUE;
}

gboolean
nile_rolls_dg_victory (NileRollContext  *ctx,
                       GError          **error)
{
  int askaris = GET ("askaris");
  int policy = GET ("policy");
  guint first = nile_roll_result_get_n_dice (ctx->result);
  g_autofree char *text = NULL;
  gboolean found, looted;
  guint die, search;
  int prisoners;

  ctx->min_dice = 3;
  die = nile_dice_d6 (ctx->dice, ctx->result);
  prisoners = die == 6 ? 0 : MAX (askaris - (int) die, 0);
  if (die == 6)
    text = g_strdup (_("Prisoners: a 6 takes none"));
  else
    text = g_strdup_printf (_("Prisoners: %d askaris − %u = %d"), askaris, die, prisoners);
  nile_roll_result_add_step (ctx->result, "prisoners", first, text);
  if (prisoners > 0)
    nile_roll_result_add_effect (ctx->result, NILE_EFFECT_PRISONERS, prisoners, NULL);

  first = nile_roll_result_get_n_dice (ctx->result);
  search = nile_dice_sum (ctx->dice, ctx->result, 2);
  found = search <= die + (guint) policy;
  g_free (text);
  text = g_strdup_printf (found
                            ? _("Village found: 2d6 = %u does not beat %u + policy %d")
                            : _("Village not found: 2d6 = %u beats %u + policy %d"),
                          search, die, policy);
  nile_roll_result_add_step (ctx->result, "village", first, text);

  /* The askaris loot a found village on a 6, whatever the explorer says. */
  looted = found && die == 6;
  if (looted)
    nile_rolls_loot (ctx, (guint) GET ("natives"), GET ("desert"), GET ("river"));

  nile_roll_result_set_extra (ctx->result, "prisoners", g_variant_new_int32 (prisoners));
  nile_roll_result_set_extra (ctx->result, "village_found", g_variant_new_boolean (found));
  nile_roll_result_set_extra (ctx->result, "looted", g_variant_new_boolean (looted));
  nile_roll_result_set_outcome (ctx->result,
                                looted ? "looted" : found ? "village-found" : "village-not-found");

  if (looted)
    {
      guint n_steps;
      const NileRollStep *steps = nile_roll_result_get_steps (ctx->result, &n_steps);

      nile_rolls_set_text (ctx, _("No prisoners; the askaris loot the village: %s"),
                           steps[n_steps - 1].text);
    }
  else
    nile_rolls_set_text (ctx, found ? g_dngettext (GETTEXT_PACKAGE, "%d prisoner; the village is found",
                                                   "%d prisoners; the village is found", prisoners)
                                    : g_dngettext (GETTEXT_PACKAGE, "%d prisoner; the village is not found",
                                                   "%d prisoners; the village is not found", prisoners),
                         prisoners);
  return TRUE;
}

/* One roll on Table A: a follower or animal kept, and for a carrier what
 * it carries. Returns the text. */
static char *
roll_table_a (NileRollContext *ctx)
{
  guint first = nile_roll_result_get_n_dice (ctx->result);
  guint die = nile_dice_d6 (ctx->dice, ctx->result);
  const char *what = table_a[die - 1].what;
  char *text;

  nile_roll_result_add_effect (ctx->result, NILE_EFFECT_KEEPS, 1, what);
  if (table_a[die - 1].carries)
    {
      guint load = nile_dice_d6 (ctx->dice, ctx->result);

      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_KEEPS,
                                   TABLE_A_LOAD, table_a_loads[load - 1]);
      text = g_strdup_printf (_("Table A, %u: %s carrying %d %s (%u)"),
                              die, what, TABLE_A_LOAD, table_a_loads[load - 1], load);
    }
  else
    text = g_strdup_printf (_("Table A, %u: %s"), die, what);

  nile_roll_result_add_step (ctx->result, "table-a", first, text);
  return text;
}

/* The Defeat results, 1 to 6; the prisoner's escape roll reads them too. */
static void
apply_defeat_result (NileRollContext *ctx,
                     int              result)
{
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  switch (result)
    {
    case 1:
      nile_roll_result_set_outcome (ctx->result, "explorer-dies");
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_EXPLORER_DIES, 1, NULL);
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_TRIBE_ATTITUDE, -1, NULL);
      nile_roll_result_set_extra (ctx->result, "explorer_dies", g_variant_new_boolean (TRUE));
      /* The death costs the tribe's attitude a second 1, which only the
       * effects showed. */
      nile_rolls_set_text (ctx, _("%d: the explorer is killed; the tribe’s attitude drops by another 1"), result);
      return;

    case 2:
      nile_roll_result_set_outcome (ctx->result, "explorer-captive");
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_EXPLORER_CAPTIVE, 1, NULL);
      nile_rolls_set_text (ctx, _("%d: the explorer is a prisoner"), result);
      return;

    default:
      break;
    }

  nile_roll_result_set_outcome (ctx->result, "explorer-escapes");
  nile_roll_result_add_effect (ctx->result, NILE_EFFECT_EXPEDITION_SCATTERED, 1, NULL);
  nile_roll_result_add_effect (ctx->result, NILE_EFFECT_EXPLORER_ESCAPES, 1, NULL);
  if (result == 3)
    {
      nile_rolls_set_text (ctx, _("%d: the explorer escapes alone with nothing"), result);
      return;
    }

  nile_roll_result_add_effect (ctx->result, NILE_EFFECT_KEEPS, 1, "musket");
  nile_roll_result_add_effect (ctx->result, NILE_EFFECT_KEEPS, 9, "rations");
  if (result >= 5)
    first = roll_table_a (ctx);
  if (result >= 6)
    second = roll_table_a (ctx);

  if (second != NULL)
    nile_rolls_set_text (ctx, _("%d: the explorer escapes with a musket, 9 rations; %s; %s"),
                         result, first, second);
  else if (first != NULL)
    nile_rolls_set_text (ctx, _("%d: the explorer escapes with a musket, 9 rations; %s"),
                         result, first);
  else
    nile_rolls_set_text (ctx, _("%d: the explorer escapes with a musket and 9 rations"), result);
}

gboolean
nile_rolls_dg_defeat (NileRollContext  *ctx,
                      GError          **error)
{
  guint first = nile_roll_result_get_n_dice (ctx->result);
  guint die;

  g_autofree char *text = NULL;

  nile_roll_result_add_effect (ctx->result, NILE_EFFECT_TRIBE_ATTITUDE, -1, NULL);
  die = nile_dice_d6 (ctx->dice, ctx->result);
  text = g_strdup_printf (_("The tribe’s attitude drops by 1; the die shows %u"), die);
  nile_roll_result_add_step (ctx->result, "defeat", first, text);
  nile_roll_result_set_total (ctx->result, (int) die);
  nile_roll_result_set_extra (ctx->result, "explorer_dies", g_variant_new_boolean (FALSE));
  apply_defeat_result (ctx, (int) die);
  return TRUE;
}

/* DG gives the prisoner's roll as "a die minus 3, below 1 counts as 1",
 * repeated each turn "until escaping or killed", with any change in the
 * tribe's attitude added. That only reads sensibly against the Defeat
 * results, so the app takes them: 1 killed, 2 still a prisoner, 3 away
 * alone, 4 with a musket and 9 rations, 5 and 6 with Table A too. The
 * attitude change is added before the floor of 1, and 6 is the most. */
gboolean
nile_rolls_dg_escape (NileRollContext  *ctx,
                      GError          **error)
{
  int attitude = GET ("attitude");
  int value;

  nile_roll_result_add_modifier (ctx->result, _("prisoner’s roll"), -3);
  value = (int) nile_dice_d6 (ctx->dice, ctx->result) - 3;
  if (attitude != 0)
    {
      nile_roll_result_add_modifier (ctx->result, _("tribe’s attitude since the capture"), attitude);
      value += attitude;
    }
  value = CLAMP (value, 1, 6);
  nile_roll_result_set_total (ctx->result, value);
  nile_roll_result_set_extra (ctx->result, "explorer_dies", g_variant_new_boolean (FALSE));
  apply_defeat_result (ctx, value);
  return TRUE;
}

gboolean
nile_rolls_dg_lost (NileRollContext  *ctx,
                    GError          **error)
{
  gboolean lost;
  int total;

  if (GET ("upstream") && GET ("downstream"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("A move is upstream or downstream, not both"));
      return FALSE;
    }

  if (GET ("downstream"))
    {
      nile_roll_result_set_outcome (ctx->result, "not-lost");
      nile_roll_result_set_extra (ctx->result, "lost", g_variant_new_boolean (FALSE));
      nile_rolls_set_text (ctx, _("Not lost: nobody gets lost going downstream"));
      return TRUE;
    }
  if (GET ("guide"))
    {
      nile_roll_result_set_outcome (ctx->result, "not-lost");
      nile_roll_result_set_extra (ctx->result, "lost", g_variant_new_boolean (FALSE));
      nile_rolls_set_text (ctx, _("Not lost: a guide leads the way"));
      return TRUE;
    }
  if (!nile_roll_context_has (ctx, "terrain") && !GET ("upstream"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Lost needs the terrain of the hex being left, or that the move is upstream or downstream"));
      return FALSE;
    }

  total = (int) nile_dice_d6 (ctx->dice, ctx->result);

  /* DG picks one modifier for the hex left: going upstream replaces the
   * terrain's. */
  if (GET ("upstream"))
    {
      nile_roll_result_add_modifier (ctx->result, _("going upstream"), -1);
      total -= 1;
    }
  else
    {
      int terrain = GET ("terrain");

      nile_roll_result_add_modifier (ctx->result, nile_enum_to_nick (NILE_TYPE_TERRAIN, terrain),
                                     lost_modifiers[terrain]);
      total += lost_modifiers[terrain];
    }
  if (GET ("guide-adjacent"))
    {
      nile_roll_result_add_modifier (ctx->result, _("guide hired next door"), 1);
      total += 1;
    }
  if (GET ("unwell"))
    {
      nile_roll_result_add_modifier (ctx->result, _("explorer sick, wounded or starving"), -1);
      total -= 1;
    }

  lost = total <= 0;
  nile_roll_result_set_total (ctx->result, total);
  nile_roll_result_set_extra (ctx->result, "lost", g_variant_new_boolean (lost));
  if (lost)
    {
      nile_roll_result_set_outcome (ctx->result, "lost");
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_LOST, 1, NULL);
      nile_rolls_set_text (ctx, _("Lost: the roll comes to %d; no further move this turn"), total);
    }
  else
    {
      nile_roll_result_set_outcome (ctx->result, "not-lost");
      nile_rolls_set_text (ctx, _("Not lost: the roll comes to %d"), total);
    }
  return TRUE;
}

gboolean
nile_rolls_dg_natives_present (NileRollContext  *ctx,
                               GError          **error)
{
  DieRange ranges[3];
  guint n_ranges = 0;
  gboolean present = FALSE;
  guint roll;

  if (!nile_roll_context_has (ctx, "terrain") && !GET ("river") && !GET ("oasis") &&
      !GET ("lake-adjacent"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Natives Present needs the terrain of the hex, and whether it has a river"
                             " or an oasis or lies next to a lake"));
      return FALSE;
    }

  /* The hex finds natives on any total one of its features allows. */
  if (nile_roll_context_has (ctx, "terrain") && natives_ranges[GET ("terrain")].low != 0)
    ranges[n_ranges++] = natives_ranges[GET ("terrain")];
  if (GET ("river") || GET ("oasis"))
    ranges[n_ranges++] = natives_by_river;
  if (GET ("lake-adjacent"))
    ranges[n_ranges++] = natives_by_lake;

  if (n_ranges == 0)
    {
      nile_roll_result_set_outcome (ctx->result, "none");
      nile_roll_result_set_extra (ctx->result, "present", g_variant_new_boolean (FALSE));
      nile_rolls_set_text (ctx, _("No natives: a desert hex without river, oasis or lake has none"));
      return TRUE;
    }

  roll = nile_dice_sum (ctx->dice, ctx->result, 2);
  for (guint i = 0; i < n_ranges; i++)
    present |= in_range (ranges[i], roll);

  nile_roll_result_set_total (ctx->result, (int) roll);
  nile_roll_result_set_extra (ctx->result, "present", g_variant_new_boolean (present));
  nile_roll_result_set_outcome (ctx->result, present ? "natives" : "none");
  nile_rolls_set_text (ctx, present ? _("Natives: 2d6 = %u") : _("No natives: 2d6 = %u"), roll);
  return TRUE;
}

/* The product of three dice; a port nearer than the highest die caps one
 * of the highest dice at the distance. */
gboolean
nile_rolls_dg_native_strength (NileRollContext  *ctx,
                               GError          **error)
{
  int distance = GET ("distance");
  guint dice[3];
  guint highest = 0;
  int natives = 1;

  for (guint i = 0; i < G_N_ELEMENTS (dice); i++)
    {
      dice[i] = nile_dice_d6 (ctx->dice, ctx->result);
      if (dice[i] > dice[highest])
        highest = i;
    }

  if ((guint) distance < dice[highest])
    {
      nile_roll_result_add_modifier (ctx->result, _("distance to port caps the highest die"),
                                     distance - (int) dice[highest]);
      dice[highest] = (guint) distance;
    }

  for (guint i = 0; i < G_N_ELEMENTS (dice); i++)
    natives *= (int) dice[i];

  nile_roll_result_set_total (ctx->result, natives);
  nile_roll_result_set_outcome (ctx->result, "natives");
  nile_roll_result_set_extra (ctx->result, "natives", g_variant_new_int32 (natives));
  nile_rolls_set_text (ctx, g_dngettext (GETTEXT_PACKAGE, "%d native: %u × %u × %u", "%d natives: %u × %u × %u",
                                         natives), natives, dice[0], dice[1], dice[2]);
  return TRUE;
}

gboolean
nile_rolls_dg_mountain (NileRollContext  *ctx,
                        GError          **error)
{
  int product = (int) nile_dice_product (ctx->dice, ctx->result, 3);
  int feet = (product + 100) * 100;
  gboolean spectacular = feet >= NILE_VICTORY_DG_SPECTACULAR_MOUNTAIN_FT;

  nile_roll_result_set_total (ctx->result, feet);
  nile_roll_result_set_outcome (ctx->result, spectacular ? "spectacular" : "mountain");
  nile_roll_result_set_extra (ctx->result, "feet", g_variant_new_int32 (feet));
  nile_roll_result_set_extra (ctx->result, "spectacular", g_variant_new_boolean (spectacular));
  {
    g_autofree char *height = nile_format_number (feet);

    nile_rolls_set_text (ctx, spectacular ? _("%s ft, spectacular: (%d + 100) × 100")
                                          : _("%s ft: (%d + 100) × 100"),
                         height, product);
  }
  return TRUE;
}

gboolean
nile_rolls_dg_cataract (NileRollContext  *ctx,
                        GError          **error)
{
  int terrain = GET ("terrain");
  const char *nick = nile_enum_to_nick (NILE_TYPE_TERRAIN, terrain);
  gboolean cataract;
  guint die;

  if (cataract_ranges[terrain].low == 0)
    {
      nile_roll_result_set_outcome (ctx->result, "none");
      nile_roll_result_set_extra (ctx->result, "cataract", g_variant_new_boolean (FALSE));
      nile_rolls_set_text (ctx, _("No cataract: a %s hex has none"), nick);
      return TRUE;
    }

  die = nile_dice_d6 (ctx->dice, ctx->result);
  cataract = in_range (cataract_ranges[terrain], die);
  nile_roll_result_set_total (ctx->result, (int) die);
  nile_roll_result_set_outcome (ctx->result, cataract ? "cataract" : "none");
  nile_roll_result_set_extra (ctx->result, "cataract", g_variant_new_boolean (cataract));
  nile_rolls_set_text (ctx, cataract ? _("Cataract: %u in %s") : _("No cataract: %u in %s"),
                       die, nick);
  return TRUE;
}

gboolean
nile_rolls_dg_waterfall (NileRollContext  *ctx,
                         GError          **error)
{
  int feet = (int) nile_dice_product (ctx->dice, ctx->result, 4);
  gboolean scores = feet > NILE_VICTORY_DG_WATERFALL_SCORES_ABOVE_FT;

  nile_roll_result_set_total (ctx->result, feet);
  nile_roll_result_set_outcome (ctx->result, scores ? "scores" : "too-low");
  nile_roll_result_set_extra (ctx->result, "feet", g_variant_new_int32 (feet));
  {
    g_autofree char *height = nile_format_number (feet);

    nile_rolls_set_text (ctx, scores ? _("%s ft: high enough to score")
                                     : _("%s ft: too low to score (400 ft or less)"),
                         height);
  }
  return TRUE;
}

gboolean
nile_rolls_dg_oasis (NileRollContext  *ctx,
                     GError          **error)
{
  guint die = nile_dice_d6 (ctx->dice, ctx->result);
  gboolean oasis = die % 2 == 1;

  nile_roll_result_set_total (ctx->result, (int) die);
  nile_roll_result_set_outcome (ctx->result, oasis ? "oasis" : "none");
  nile_roll_result_set_extra (ctx->result, "oasis", g_variant_new_boolean (oasis));
  nile_rolls_set_text (ctx, oasis ? _("Oasis: %u is odd; later explorers must roll odd to find it")
                                  : _("No oasis: %u is even"),
                       die);
  return TRUE;
}
