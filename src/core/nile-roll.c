/* nile-roll.c: the roll registry and the checks around every procedure
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-roll"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-roll.h"
#include "nile-rolls-ah.h"
#include "nile-rolls-dg.h"
#include "nile-rolls-sheets.h"

#define INT(name, min, max, description) \
  { name, NILE_ROLL_INPUT_INT, NULL, min, max, TRUE, 0, description }
/* A number the player declares, such as a native policy: never assumed. */
#define ASKED_INT(name, min, max, description) \
  { name, NILE_ROLL_INPUT_INT, NULL, min, max, TRUE, 0, description, TRUE }
#define OPTIONAL_INT(name, min, max, fallback, description) \
  { name, NILE_ROLL_INPUT_INT, NULL, min, max, FALSE, fallback, description }
#define FLAG(name, description) \
  { name, NILE_ROLL_INPUT_BOOL, NULL, 0, 1, FALSE, 0, description }
#define CHOICE(name, type_func, description) \
  { name, NILE_ROLL_INPUT_CHOICE, type_func, 0, 0, TRUE, 0, description }
#define OPTIONAL_CHOICE(name, type_func, description) \
  { name, NILE_ROLL_INPUT_CHOICE, type_func, 0, 0, FALSE, 0, description }
#define END { NULL }

/* Counts of people and items are never larger than this on one board. */
#define MANY 999

#define DISTANCE INT ("distance", 1, 40, N_("Hexes from here to the nearest port"))
#define DG_POLICY ASKED_INT ("policy", 1, 5, N_("The native policy chosen, 1 to 5"))
#define ASKARIS INT ("askaris", 0, MANY, N_("Askaris in the expedition"))
#define NATIVES INT ("natives", 1, MANY, N_("Warriors in the tribe"))
#define MOUNTED FLAG ("mounted", N_("The expedition is mounted"))
#define DESERT FLAG ("desert", N_("The hex is desert"))
#define RIVER FLAG ("river", N_("The hex is on a river"))

static const NileRollInput dg_native_attitude_inputs[] = {
  DISTANCE,
  DG_POLICY,
  ASKARIS,
  FLAG ("no-muskets", N_("The expedition carries no muskets")),
  FLAG ("guide-adjacent", N_("A guide was hired in an adjacent hex")),
  FLAG ("negotiated-before", N_("The explorer has negotiated with this tribe before")),
  FLAG ("published", N_("The hex has been published")),
  OPTIONAL_INT ("attitude", -MANY, MANY, 0, N_("The tribe’s attitude number toward this explorer")),
  END
};

static const NileRollInput dg_hostile_action_inputs[] = {
  ASKARIS,
  DISTANCE,
  DG_POLICY,
  NATIVES,
  MOUNTED,
  DESERT,
  END
};

static const NileRollInput dg_negotiation_inputs[] = {
  INT ("gifts", 0, MANY, N_("Gifts offered")),
  NATIVES,
  ASKARIS,
  DISTANCE,
  DG_POLICY,
  MOUNTED,
  DESERT,
  END
};

static const NileRollInput dg_combat_inputs[] = {
  ASKARIS,
  NATIVES,
  FLAG ("armed", N_("The explorer carries a musket")),
  FLAG ("charge", N_("The natives charge: the expedition fires first")),
  FLAG ("ambush", N_("The natives ambush: they attack first")),
  END
};

static const NileRollInput dg_victory_inputs[] = {
  INT ("askaris", 0, MANY, N_("Askaris left after the fight")),
  DG_POLICY,
  INT ("natives", 1, MANY, N_("Warriors the tribe had when met")),
  DESERT,
  RIVER,
  END
};

static const NileRollInput no_inputs[] = {
  END
};

static const NileRollInput dg_escape_inputs[] = {
  OPTIONAL_INT ("attitude", -MANY, MANY, 0,
                N_("Change in the tribe’s attitude since the capture")),
  END
};

static const NileRollInput dg_lost_inputs[] = {
  OPTIONAL_CHOICE ("terrain", nile_terrain_get_type, N_("Terrain of the hex being left")),
  FLAG ("upstream", N_("Moving upstream")),
  FLAG ("downstream", N_("Moving downstream: never lost")),
  FLAG ("guide", N_("A guide leads: no roll")),
  FLAG ("guide-adjacent", N_("A guide was hired in an adjacent hex")),
  FLAG ("unwell", N_("The explorer is sick, wounded or starving")),
  END
};

static const NileRollInput dg_natives_present_inputs[] = {
  OPTIONAL_CHOICE ("terrain", nile_terrain_get_type, N_("Terrain of the hex")),
  RIVER,
  FLAG ("oasis", N_("The hex has an oasis")),
  FLAG ("lake-adjacent", N_("The hex is next to a lake")),
  END
};

static const NileRollInput dg_native_strength_inputs[] = {
  DISTANCE,
  END
};

static const NileRollInput dg_cataract_inputs[] = {
  CHOICE ("terrain", nile_terrain_get_type, N_("Terrain of the river hex")),
  END
};

static const NileRollInput cataract_canoes_inputs[] = {
  INT ("canoes", 0, MANY, N_("Canoes in the expedition")),
  END
};

static const NileRollInput ah_looting_inputs[] = {
  CHOICE ("size", nile_tribe_size_get_type, N_("Size of the tribe")),
  DESERT,
  RIVER,
  END
};

static const NileRollInput poison_inputs[] = {
  FLAG ("house-poison-36", N_("House rule: poisoned only on a double one")),
  END
};

static const NileRollInput disaster_death_inputs[] = {
  INT ("killed", 1, MANY, N_("People the disaster kills")),
  FLAG ("named-absent", N_("The person the card names is not in the expedition")),
  END
};

static const NileRollInput ah_shoot_animal_inputs[] = {
  OPTIONAL_INT ("fighters", 0, MANY, 0, N_("Askaris, and the explorer if armed: one shot each")),
  OPTIONAL_INT ("shots", 0, MANY, 0, N_("Shots, when the disaster card says otherwise")),
  FLAG ("zoologist", N_("The explorer is a zoologist")),
  END
};

static const NileRollInput ah_turn_order_inputs[] = {
  INT ("players", 1, 8, N_("Players in the game")),
  END
};

/* The Avalon Hill rolls that read a printed table (nile-rolls-sheets.c). */

/* Announced before moving (R 9.12): never assumed, even where a roll
 * can go without it. */
#define ACTIVITY_INPUT(required) \
  { "activity", NILE_ROLL_INPUT_CHOICE, nile_activity_get_type, 0, 0, required, 0, \
    N_("This turn’s activity level"), TRUE }
#define ACTIVITY ACTIVITY_INPUT (TRUE)
#define TRIBE_SIZE CHOICE ("size", nile_tribe_size_get_type, N_("Size of the tribe"))

static const NileRollInput ah_native_attitude_inputs[] = {
  ASKED_INT ("policy", 1, 6, N_("The native policy chosen, 1 to 6")),
  ACTIVITY,
  END
};

static const NileRollInput ah_negotiation_inputs[] = {
  OPTIONAL_INT ("gifts", 0, MANY, 0, N_("Gifts offered")),
  FLAG ("everything", N_("The explorer gives the chief everything he carries")),
  FLAG ("nothing-to-give", N_("The explorer has nothing to give")),
  END
};

static const NileRollInput ah_native_attack_inputs[] = {
  INT ("askaris", 0, MANY, N_("Healthy askaris in the expedition")),
  FLAG ("armed", N_("The explorer carries a musket")),
  TRIBE_SIZE,
  OPTIONAL_INT ("policy", 1, 6, 0, N_("The native policy chosen, 1 to 6")),
  END
};

static const NileRollInput ah_victory_a_inputs[] = {
  TRIBE_SIZE,
  OPTIONAL_INT ("askaris", 0, MANY, 0, N_("Askaris in the expedition, to weigh the losses against")),
  END
};

static const NileRollInput ah_victory_b_inputs[] = {
  TRIBE_SIZE,
  END
};

static const NileRollInput ah_hunting_inputs[] = {
  CHOICE ("terrain", nile_terrain_get_type, N_("Terrain of the hex")),
  ACTIVITY,
  OPTIONAL_INT ("hunters", 0, MANY, 0, N_("Hunters: healthy askaris, and the explorer if armed")),
  FLAG ("lone-unarmed", N_("The explorer hunts alone without a musket")),
  END
};

static const NileRollInput dg_hunting_inputs[] = {
  INT ("hunters", 1, MANY, N_("Hunters: healthy askaris, and the explorer if armed")),
  OPTIONAL_CHOICE ("terrain", nile_terrain_get_type, N_("Terrain of the hex")),
  RIVER,
  FLAG ("oasis", N_("The hex has an oasis")),
  FLAG ("zoologist", N_("The explorer is a zoologist")),
  END
};

static const NileRollInput ah_recovery_inputs[] = {
  INT ("sick", 1, MANY, N_("Sick people in the expedition")),
  FLAG ("doctor", N_("A doctor who is not sick is present, or the hex is a port or in Cape Colony")),
  END
};

static const NileRollInput dg_recovery_inputs[] = {
  INT ("sick", 1, MANY, N_("Sick people in the expedition")),
  END
};

static const NileRollInput ah_lost_inputs[] = {
  OPTIONAL_CHOICE ("terrain", nile_terrain_get_type, N_("Terrain of the hex being left")),
  FLAG ("upstream", N_("Moving upstream")),
  FLAG ("downstream", N_("Moving downstream: never lost")),
  FLAG ("guide", N_("A guide is in the expedition")),
  ACTIVITY_INPUT (FALSE),
  END
};

static const NileRollInput ah_activity_inputs[] = {
  CHOICE ("mode", nile_travel_mode_get_type, N_("How the expedition travels")),
  ACTIVITY,
  OPTIONAL_INT ("canoes", 0, MANY, 0, N_("Canoes in the expedition")),
  OPTIONAL_INT ("bearers", 0, MANY, 0, N_("Healthy bearers to paddle them")),
  END
};

static const NileRollInput ah_victory_points_inputs[] = {
  CHOICE ("specialty", nile_specialty_get_type, N_("The explorer’s specialty")),
  CHOICE ("discovery", nile_vp_discovery_get_type, N_("What is published")),
  OPTIONAL_INT ("count", 1, MANY, 1, N_("How many of them")),
  END
};

static const NileRollInput ah_prices_inputs[] = {
  CHOICE ("item", nile_port_item_get_type, N_("What is bought")),
  OPTIONAL_INT ("count", 1, MANY, 1, N_("How many of them")),
  END
};

static const NileRollInput ah_native_trade_inputs[] = {
  CHOICE ("item", nile_trade_item_get_type, N_("What is traded for")),
  OPTIONAL_INT ("count", 1, MANY, 1, N_("How many of them")),
  END
};

#define DG(procedure, inputs, source) \
  [NILE_EDITION_DG] = { procedure, inputs, source }
#define AH(procedure, inputs, source) \
  [NILE_EDITION_AH] = { procedure, inputs, source }

static const NileRollSpec rolls[] = {
  { .name = "native-attitude", .title = N_("Native Attitude"),
    .summary = N_("How a tribe meets the expedition: hostile, or neutral and hiding"),
    .sheet_id = "native-attitude",
    .editions = {
      AH (nile_rolls_ah_native_attitude, ah_native_attitude_inputs, N_("R 13.3")),
      DG (nile_rolls_dg_native_attitude, dg_native_attitude_inputs, N_("DG, Encounter the Natives")),
    } },
  { .name = "negotiation", .title = N_("Negotiation"),
    .summary = N_("Gifts to a neutral tribe’s chief: friendship, or an insulted chief"),
    .sheet_id = "negotiation",
    .dice_vary = TRUE,
    .editions = {
      AH (nile_rolls_ah_negotiation, ah_negotiation_inputs, N_("R 14.3, 14.5")),
      DG (nile_rolls_dg_negotiation, dg_negotiation_inputs, N_("DG, Negotiation")),
    } },
  { .name = "hostile-action", .title = N_("Hostile Action"),
    .summary = N_("What a hostile tribe does: hide, ambush or charge"),
    .editions = {
      DG (nile_rolls_dg_hostile_action, dg_hostile_action_inputs, N_("DG, Hostile Tribes")),
    } },
  { .name = "combat", .title = N_("Combat"),
    .summary = N_("The fight, round by round, until victory or defeat"),
    .dice_vary = TRUE,
    .editions = {
      DG (nile_rolls_dg_combat, dg_combat_inputs, N_("DG, Ambush and Charge")),
    } },
  { .name = "victory", .title = N_("Victory"),
    .summary = N_("After a won fight: prisoners, the village, forced looting"),
    .dice_vary = TRUE,
    .editions = {
      DG (nile_rolls_dg_victory, dg_victory_inputs, N_("DG, Victory")),
    } },
  { .name = "defeat", .title = N_("Defeat"),
    .summary = N_("After a lost fight: what becomes of the explorer"),
    .sheet_id = "defeat",
    .dice_vary = TRUE,
    .editions = {
      AH (nile_rolls_ah_defeat, no_inputs, N_("R 15.2")),
      DG (nile_rolls_dg_defeat, no_inputs, N_("DG, Defeat")),
    } },
  { .name = "escape", .title = N_("Prisoner’s Escape"),
    .summary = N_("A captive explorer’s roll each turn: killed, held, or away"),
    .sheet_id = "defeat",
    .dice_vary = TRUE,
    .editions = {
      AH (nile_rolls_ah_defeat, no_inputs, N_("R 15.32")),
      DG (nile_rolls_dg_escape, dg_escape_inputs, N_("DG, Defeat")),
    } },
  { .name = "lost", .title = N_("Lost"),
    .summary = N_("Whether the expedition gets lost leaving a hex"),
    .sheet_id = "lost-numbers",
    .editions = {
      AH (nile_rolls_ah_lost, ah_lost_inputs, N_("R 12")),
      DG (nile_rolls_dg_lost, dg_lost_inputs, N_("DG, Move a Hex")),
    } },
  { .name = "natives-present", .title = N_("Natives Present"),
    .summary = N_("Whether a new hex has natives"),
    .editions = {
      DG (nile_rolls_dg_natives_present, dg_natives_present_inputs, N_("DG, Hex Characteristics")),
    } },
  { .name = "native-strength", .alias = "tribe-size", .title = N_("Native Strength"),
    .summary = N_("How many warriors a new tribe has"),
    .sheet_id = "native-strength",
    .editions = {
      AH (nile_rolls_ah_native_strength, dg_native_strength_inputs, N_("R 10.42")),
      DG (nile_rolls_dg_native_strength, dg_native_strength_inputs, N_("DG, Hex Characteristics")),
    } },
  { .name = "mountain", .title = N_("Mountain Height"),
    .summary = N_("A new mountain’s height, and whether it is spectacular"),
    .editions = {
      DG (nile_rolls_dg_mountain, no_inputs, N_("DG, Hex Characteristics")),
    } },
  { .name = "cataract", .title = N_("Cataract"),
    .summary = N_("Whether a new river hex has a cataract"),
    .editions = {
      DG (nile_rolls_dg_cataract, dg_cataract_inputs, N_("DG, Hex Characteristics")),
    } },
  { .name = "waterfall", .title = N_("Waterfall Height"),
    .summary = N_("A cataract’s height, and whether it scores"),
    .editions = {
      DG (nile_rolls_dg_waterfall, no_inputs, N_("DG, Hex Characteristics")),
    } },
  { .name = "oasis", .title = N_("Oasis"),
    .summary = N_("Whether a desert hex without a river has an oasis"),
    .editions = {
      DG (nile_rolls_dg_oasis, no_inputs, N_("DG, Hex Characteristics")),
    } },
  { .name = "cataract-canoes", .title = N_("Canoes over the Falls"),
    .summary = N_("Canoes lost at a cataract met going downstream"),
    .editions = {
      AH (nile_rolls_ah_cataract_canoes, cataract_canoes_inputs, N_("R 9.28")),
      DG (nile_rolls_ah_cataract_canoes, cataract_canoes_inputs, N_("DG, Hex Characteristics")),
    } },
  { .name = "looting", .title = N_("Looting"),
    .summary = N_("What looting a native village finds"),
    .dice_vary = TRUE,
    .editions = {
      AH (nile_rolls_ah_looting, ah_looting_inputs, N_("R 16.43")),
    } },
  { .name = "poison", .title = N_("Witch Doctor’s Poison"),
    .summary = N_("Whether a trade with a tribe ends in poison"),
    .editions = {
      AH (nile_rolls_ah_poison, poison_inputs, N_("R 14.83")),
      DG (nile_rolls_ah_poison, poison_inputs, N_("DG, Easily Missed Rules")),
    } },
  { .name = "cache", .title = N_("Cache Recovery"),
    .summary = N_("Whether a cache is still there"),
    .editions = {
      AH (nile_rolls_ah_cache, no_inputs, N_("R 17.6")),
      DG (nile_rolls_ah_cache, no_inputs, N_("DG, Easily Missed Rules")),
    } },
  { .name = "disaster-death", .title = N_("Disaster Deaths"),
    .summary = N_("For each person a disaster kills, whether the explorer dies instead"),
    .dice_vary = TRUE,
    .editions = {
      AH (nile_rolls_ah_disaster_death, disaster_death_inputs, N_("R 11.45")),
      DG (nile_rolls_ah_disaster_death, disaster_death_inputs, N_("DG, Easily Missed Rules")),
    } },
  { .name = "shoot-animal", .title = N_("Shooting an Animal"),
    .summary = N_("Shots at an animal in a disaster: kills and fresh rations"),
    .editions = {
      AH (nile_rolls_ah_shoot_animal, ah_shoot_animal_inputs, N_("R 11.42")),
    } },
  { .name = "turn-order", .title = N_("Turn Order"),
    .summary = N_("Who plays first: four dice each, ties roll again"),
    .dice_vary = TRUE,
    .editions = {
      AH (nile_rolls_ah_turn_order, ah_turn_order_inputs, N_("R 4.62")),
    } },
  { .name = "native-attack", .title = N_("Native Attack"),
    .summary = N_("A charge or an ambush fought out: won, lost or held off"),
    .sheet_id = "native-attack",
    .editions = {
      AH (nile_rolls_ah_native_attack, ah_native_attack_inputs, N_("R 13.4")),
    } },
  { .name = "victory-a", .title = N_("Results of Victory, table A"),
    .summary = N_("Askaris who fell winning a fight"),
    .sheet_id = "victory-a",
    .editions = {
      AH (nile_rolls_ah_victory_a, ah_victory_a_inputs, N_("R 16.2")),
    } },
  { .name = "victory-b", .title = N_("Results of Victory, table B"),
    .summary = N_("Prisoners taken and the village found after a won fight"),
    .sheet_id = "victory-b",
    .editions = {
      AH (nile_rolls_ah_victory_b, ah_victory_b_inputs, N_("R 16.4")),
    } },
  { .name = "hunting", .title = N_("Hunting"),
    .summary = N_("Fresh rations the hunters bring in"),
    .sheet_id = "hunting",
    .editions = {
      AH (nile_rolls_ah_hunting, ah_hunting_inputs, N_("R 18.3")),
      DG (nile_rolls_dg_hunting, dg_hunting_inputs, N_("DG, Hunt")),
    } },
  { .name = "recovery", .title = N_("Recovery"),
    .summary = N_("For each sick person: recovers, stays sick or dies"),
    .sheet_id = "recovery",
    .editions = {
      AH (nile_rolls_ah_recovery, ah_recovery_inputs, N_("R 19.2")),
      DG (nile_rolls_dg_recovery, dg_recovery_inputs, N_("DG, Recovery Table")),
    } },
  { .name = "activity", .alias = "movement", .title = N_("Activity Level"),
    .summary = N_("The turn’s movement allowance by travel mode and activity level"),
    .sheet_id = "activity-level",
    .editions = {
      AH (nile_rolls_ah_activity, ah_activity_inputs, N_("R 9.12, 9.22–9.26")),
    } },
  { .name = "victory-points", .title = N_("Victory Points"),
    .summary = N_("What a discovery is worth to the explorer’s specialty"),
    .sheet_id = "victory-points",
    .editions = {
      AH (nile_rolls_ah_victory_points, ah_victory_points_inputs, N_("R 22.6")),
    } },
  { .name = "prices", .title = N_("Rates of Exchange"),
    .summary = N_("What hires, animals and items cost in a port"),
    .sheet_id = "prices",
    .editions = {
      AH (nile_rolls_ah_prices, ah_prices_inputs, N_("R 5.3")),
    } },
  { .name = "native-trade", .title = N_("Native Trade"),
    .summary = N_("Gifts a friendly tribe asks in trade"),
    .sheet_id = "native-trade",
    .editions = {
      AH (nile_rolls_ah_native_trade, ah_native_trade_inputs, N_("R 14.7")),
    } },
};

static NileRollSheetCompletionFunc sheet_completion_func;
static gpointer sheet_completion_data;

const NileRollSpec *
nile_roll_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    if (strcmp (rolls[i].name, name) == 0 || g_strcmp0 (rolls[i].alias, name) == 0)
      return &rolls[i];
  return NULL;
}

const NileRollSpec *
nile_roll_get_all (guint *n_specs)
{
  *n_specs = G_N_ELEMENTS (rolls);
  return rolls;
}

gboolean
nile_roll_spec_has_edition (const NileRollSpec *spec,
                            NileEdition         edition)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  return edition < NILE_N_EDITIONS && spec->editions[edition].run != NULL;
}

NileEdition
nile_roll_spec_default_edition (const NileRollSpec *spec)
{
  return nile_roll_spec_has_edition (spec, NILE_EDITION_AH) ? NILE_EDITION_AH : NILE_EDITION_DG;
}

static int
find_input_index (const NileRollEditionSpec *edition_spec,
                  const char                *name)
{
  for (int i = 0; edition_spec->inputs != NULL && edition_spec->inputs[i].name != NULL; i++)
    if (strcmp (edition_spec->inputs[i].name, name) == 0)
      return i;
  return -1;
}

const NileRollInput *
nile_roll_spec_find_input (const NileRollSpec *spec,
                           NileEdition         edition,
                           const char         *name)
{
  int index;

  g_return_val_if_fail (nile_roll_spec_has_edition (spec, edition), NULL);

  index = find_input_index (&spec->editions[edition], name);
  return index >= 0 ? &spec->editions[edition].inputs[index] : NULL;
}

char *
nile_roll_spec_dup_option_list (const NileRollSpec *spec,
                                NileEdition         edition)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const NileRollInput *inputs;

  g_return_val_if_fail (nile_roll_spec_has_edition (spec, edition), NULL);

  inputs = spec->editions[edition].inputs;
  for (guint i = 0; inputs[i].name != NULL; i++)
    g_string_append_printf (text, "%s--%s", i > 0 ? " " : "", inputs[i].name);
  if (text->len == 0)
    g_string_append (text, _("no options"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
read_input (const NileRollSpec  *spec,
            const NileRollInput *input,
            GVariant            *value,
            int                 *out,
            GError             **error)
{
  switch (input->kind)
    {
    case NILE_ROLL_INPUT_INT:
      if (!g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
        break;
      *out = g_variant_get_int32 (value);
      if (*out < input->min || *out > input->max)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s: “%s” must be %d to %d; %d was given"),
                       _(spec->title), _(input->description), input->min, input->max, *out);
          return FALSE;
        }
      return TRUE;

    case NILE_ROLL_INPUT_BOOL:
      if (!g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
        break;
      *out = g_variant_get_boolean (value);
      return TRUE;

    case NILE_ROLL_INPUT_CHOICE:
      if (!g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
        break;
      if (!nile_enum_from_nick (input->type_func (), g_variant_get_string (value, NULL), out))
        {
          g_autofree char *choices = nile_enum_list_nicks (input->type_func ());

          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s: “%s” is not a choice for “%s”; the choices are %s"),
                       _(spec->title), g_variant_get_string (value, NULL), _(input->description), choices);
          return FALSE;
        }
      return TRUE;

    default:
      g_assert_not_reached ();
    }

  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("%s: “%s” has the wrong kind of value (%s)"),
               _(spec->title), _(input->description), g_variant_get_type_string (value));
  return FALSE;
}

/**
 * nile_roll_input_accepts:
 * @spec: a roll
 * @input: one of its inputs
 * @value: a value for it
 *
 * Whether @value is of @input's kind and within its bounds: what
 * nile_roll_run() would take. A value read from the books (a distance
 * from port not yet known, 0) may not be, and is then left to the player.
 */
gboolean
nile_roll_input_accepts (const NileRollSpec  *spec,
                         const NileRollInput *input,
                         GVariant            *value)
{
  int out;

  g_return_val_if_fail (spec != NULL && input != NULL && value != NULL, FALSE);

  return read_input (spec, input, value, &out, NULL);
}

static gboolean
given_value (NileRollContext *ctx,
             const char      *name,
             int             *value)
{
  int index = find_input_index (ctx->edition_spec, name);

  if (index < 0 || !(ctx->given & (1u << index)))
    return FALSE;
  *value = ctx->values[index];
  return TRUE;
}

/* A roll about a hex refuses one that cannot be, as recording the hex
 * does: whichever rolls take an oasis, in either edition. */
static gboolean
check_hex (NileRollContext  *ctx,
           GError          **error)
{
  int oasis = FALSE, river = FALSE, terrain = -1;

  if (!given_value (ctx, "oasis", &oasis) || !oasis)
    return TRUE;
  given_value (ctx, "river", &river);
  given_value (ctx, "terrain", &terrain);
  return nile_terrain_check_oasis (terrain, river, oasis, error);
}

static gboolean
read_inputs (NileRollContext  *ctx,
             GVariant         *inputs,
             GError          **error)
{
  const NileRollEditionSpec *edition_spec = ctx->edition_spec;
  gsize n_entries = g_variant_n_children (inputs);

  /* Child by child rather than with g_variant_iter_loop(): this runs for
   * every roll, and the format-string unpacking costs as much as the
   * roll itself. */
  for (gsize i = 0; i < n_entries; i++)
    {
      g_autoptr(GVariant) entry = g_variant_get_child_value (inputs, i);
      g_autoptr(GVariant) key = g_variant_get_child_value (entry, 0);
      g_autoptr(GVariant) boxed = g_variant_get_child_value (entry, 1);
      g_autoptr(GVariant) value = g_variant_get_variant (boxed);
      const char *name = g_variant_get_string (key, NULL);
      int index = find_input_index (edition_spec, name);

      if (index < 0)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s (%s) has no input “%s”"),
                       _(ctx->spec->title), nile_edition_get_display_name (ctx->edition), name);
          return FALSE;
        }

      if (!read_input (ctx->spec, &edition_spec->inputs[index], value, &ctx->values[index], error))
        return FALSE;
      ctx->given |= 1u << index;
    }

  for (guint i = 0; edition_spec->inputs[i].name != NULL; i++)
    {
      const NileRollInput *input = &edition_spec->inputs[i];

      if (input->required && !(ctx->given & (1u << i)))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s needs “%s”"), _(ctx->spec->title), _(input->description));
          return FALSE;
        }
    }

  return check_hex (ctx, error);
}

/* Entered dice are the players' own throw: the roll must use every one of
 * them and no more. */
static gboolean
check_dice_used (NileRollContext  *ctx,
                 gsize             first,
                 GError          **error)
{
  gsize given = nile_dice_source_get_n_given (ctx->dice);
  gsize rolled = nile_dice_source_get_n_rolled (ctx->dice);
  gsize available, used;
  const char *title = _(ctx->spec->title);

  if (given == NILE_DICE_UNLIMITED)
    return TRUE;

  available = given > first ? given - first : 0;
  used = rolled - first;

  if (used > available && ctx->spec->dice_vary)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s ran out of dice: %zu was given and used, and at least %zu are needed",
                                "%s ran out of dice: %zu were given and used, and at least %zu are needed",
                                available),
                   title, available, MAX (available + 1, (gsize) ctx->min_dice));
      return FALSE;
    }

  if (used != available)
    {
      g_autofree char *uses =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s uses %zu die", "%s uses %zu dice", used),
                         title, used);

      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   g_dngettext (GETTEXT_PACKAGE, "%s; %zu was given", "%s; %zu were given", available),
                   uses, available);
      return FALSE;
    }

  return TRUE;
}

/**
 * nile_roll_run:
 * @inputs: (nullable): an a{sv} of the inputs by name; a floating one is sunk
 * @dice: random or entered dice
 * @sheets: (nullable): the sheet store, for sheet rolls
 *
 * Returns: (transfer full): the result (done, or needing a sheet cell), or
 *   %NULL with NILE_ERROR_INVALID_INPUT when the inputs or the entered dice
 *   do not fit the roll
 */
NileRollResult *
nile_roll_run (const NileRollSpec  *spec,
               NileEdition          edition,
               GVariant            *inputs,
               NileDiceSource      *dice,
               NileSheetStore      *sheets,
               GError             **error)
{
  g_autoptr(GVariant) owned_inputs = NULL;
  g_autoptr(NileRollResult) result = NULL;
  NileRollContext ctx = { 0 };
  gsize first;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (NILE_IS_DICE_SOURCE (dice), NULL);
  g_return_val_if_fail (inputs == NULL || g_variant_is_of_type (inputs, G_VARIANT_TYPE_VARDICT), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!nile_roll_spec_has_edition (spec, edition))
    {
      NileEdition other = edition == NILE_EDITION_AH ? NILE_EDITION_DG : NILE_EDITION_AH;

      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s is in the %s rules only; the %s rules have no such roll"),
                   _(spec->title), nile_edition_get_display_name (other),
                   nile_edition_get_display_name (edition < NILE_N_EDITIONS ? edition : NILE_EDITION_AH));
      return NULL;
    }

  if (inputs == NULL)
    inputs = g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0);
  owned_inputs = g_variant_ref_sink (inputs);

  ctx.spec = spec;
  ctx.edition = edition;
  ctx.edition_spec = &spec->editions[edition];
  ctx.dice = dice;
  ctx.sheets = sheets;

  if (!read_inputs (&ctx, owned_inputs, error))
    return NULL;

  result = nile_roll_result_new (spec->name, edition, owned_inputs);
  ctx.result = result;

  first = nile_dice_source_get_n_rolled (dice);
  if (!ctx.edition_spec->run (&ctx, error))
    return NULL;
  if (!check_dice_used (&ctx, first, error))
    return NULL;

  if (nile_roll_result_get_text (result) != NULL)
    nile_roll_result_take_text (result,
                                g_strconcat (nile_roll_result_get_text (result),
                                             " (", _(ctx.edition_spec->source), ")", NULL));

  return g_steal_pointer (&result);
}

static int
context_index (NileRollContext *ctx,
               const char      *name)
{
  int index = find_input_index (ctx->edition_spec, name);

  if (index < 0)
    g_critical ("%s has no input “%s”", ctx->spec->name, name);
  return index;
}

int
nile_roll_context_get (NileRollContext *ctx,
                       const char      *name)
{
  int index = context_index (ctx, name);

  if (index < 0)
    return 0;
  if (ctx->given & (1u << index))
    return ctx->values[index];
  return ctx->edition_spec->inputs[index].fallback;
}

gboolean
nile_roll_context_has (NileRollContext *ctx,
                       const char      *name)
{
  int index = context_index (ctx, name);

  return index >= 0 && (ctx->given & (1u << index)) != 0;
}

void
nile_roll_set_sheet_completion_func (NileRollSheetCompletionFunc func,
                                     gpointer                    user_data)
{
  sheet_completion_func = func;
  sheet_completion_data = user_data;
}

char *
nile_roll_spec_dup_sheet_completion (const NileRollSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  if (spec->sheet_id == NULL || sheet_completion_func == NULL)
    return NULL;
  return sheet_completion_func (spec->sheet_id, sheet_completion_data);
}

const char *
nile_edition_get_display_name (NileEdition edition)
{
  g_return_val_if_fail (edition < NILE_N_EDITIONS, NULL);
  return nile_display_edition (nile_enum_to_nick (NILE_TYPE_EDITION, edition));
}
