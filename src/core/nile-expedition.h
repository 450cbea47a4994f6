/* nile-expedition.h: an expedition's make-up and the arithmetic of carrying it
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything here is a pure function of its arguments: no storage, no
 * object state. The campaign model, `show` and the window all call these
 * so that one set of numbers is shown everywhere.
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "nile-enums.h"

G_BEGIN_DECLS

/* Weights in items (R 5.441, 9.271, 20.71, 20.72, and rulings.md). */
/* More of any one thing than an expedition can ever hold: the counters
 * in the box and a purse of dollars run out long before. It keeps every
 * sum of a load well inside an int. */
#define NILE_EXPEDITION_MAX_COUNT  10000

#define NILE_WEIGHT_PERSON         15
#define NILE_WEIGHT_CANOE          40
#define NILE_BEARER_CAPACITY       10
#define NILE_RIDE_MOUNT_CAPACITY    5
#define NILE_PACK_MOUNT_CAPACITY   20
#define NILE_CANOE_CAPACITY       300
#define NILE_PACK_ANIMALS_PER_LEADER 3

/* Food and water (R 5.4423, 5.4424, 5.4425, 5.4444; R 18.5's "1" ration
 * for a shot animal is a misprint for 10). */
#define NILE_SHOT_ANIMAL_RATIONS   10
#define NILE_HORSE_DESERT_RATIONS   4
#define NILE_WATER_PER_PERSON       3
#define NILE_WATER_PER_HORSE        8
#define NILE_WATER_PER_CAMEL       16 /* every second turn */

/**
 * NileExpedition:
 *
 * The Expedition Make-up of the Player Aid Sheet. The explorer is always
 * part of it (R 5.2). Counts of people are split into healthy and sick
 * (sick people do nothing and are carried, R 19.3); animals into ridden
 * and packed (R 6.3).
 *
 * The field names below are the spelling used by the command line, JSON
 * and the campaign file; nile_expedition_fields() lists them with their
 * meaning and weight so that no other code keeps its own list.
 *
 * Items weigh 1 each, a tusk 7, a specimen 2 and a pelt 2: R 20.72 says
 * the larger specimens come home as pelts, so a pelt is a specimen by
 * weight. @muskets are spare ones; the explorer's own (@explorer_armed)
 * is his to carry and weighs nothing.
 *
 * @fresh_rations holds fresh food in hand this turn (a shot animal,
 * R 5.4425); it spoils at the end of the turn. @desert_turns counts the
 * consecutive turns the expedition has ended in a dry desert hex, which
 * is when camels drink (see nile_expedition_water_for_turn()).
 */
typedef struct {
  gboolean       explorer_sick;
  gboolean       explorer_armed;
  gboolean       explorer_debased;
  gboolean       explorer_is_bearer;
  int            bearers;
  int            sick_bearers;
  int            guides;
  int            sick_guides;
  int            askaris;
  int            sick_askaris;
  int            ride_horses;
  int            pack_horses;
  int            ride_camels;
  int            pack_camels;
  int            canoes;
  int            rations;
  int            fresh_rations;
  int            water;
  int            gifts;
  int            muskets;
  int            tusks;
  int            specimens;
  int            pelts;
  NileTravelMode mode;
  int            desert_turns;
} NileExpedition;

#define NILE_TYPE_EXPEDITION (nile_expedition_get_type ())

GType           nile_expedition_get_type (void) G_GNUC_CONST;
NileExpedition *nile_expedition_new      (void);
NileExpedition *nile_expedition_copy     (const NileExpedition *self);
void            nile_expedition_free     (NileExpedition *self);
/* Fills @self with an explorer alone, on foot, healthy and unarmed. */
void            nile_expedition_init     (NileExpedition *self);
gboolean        nile_expedition_equal    (const NileExpedition *a,
                                          const NileExpedition *b);
/* NILE_ERROR_INVALID_INPUT naming the first negative count or bad mode. */
gboolean        nile_expedition_validate (const NileExpedition *self,
                                          GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (NileExpedition, nile_expedition_free)

/* ---- The field table ---------------------------------------------- */

typedef enum {
  NILE_EXPEDITION_FIELD_COUNT, /* an int, never below 0 */
  NILE_EXPEDITION_FIELD_FLAG,  /* a gboolean, spelled true/false */
  NILE_EXPEDITION_FIELD_MODE,  /* a NileTravelMode, spelled by its nick */
} NileExpeditionFieldKind;

/**
 * NileExpeditionField:
 * @name: the spelling everywhere ("bearers", "sick_bearers" …)
 * @offset: G_STRUCT_OFFSET into #NileExpedition
 * @kind: how the value is stored and spelled
 * @weight: items one unit weighs when carried, 0 if it is not an item
 * @is_item: whether it is an item the bearers, canoes or animals carry
 * @is_bonus: a bonus discovery, kept through carrier losses (R 20.73)
 * @description: what it is, translatable (mark with N_, show with _)
 */
typedef struct {
  const char              *name;
  gsize                    offset;
  NileExpeditionFieldKind  kind;
  int                      weight;
  gboolean                 is_item;
  gboolean                 is_bonus;
  const char              *description;
} NileExpeditionField;

const NileExpeditionField *nile_expedition_fields       (guint                     *n_fields);
const NileExpeditionField *nile_expedition_find_field   (const char                *name);
/* The value as an int (a flag is 0 or 1, the mode its enum value). */
int                        nile_expedition_get_value    (const NileExpedition      *self,
                                                         const NileExpeditionField *field);
/* Rejects negative counts and unknown modes with NILE_ERROR_INVALID_INPUT. */
gboolean                   nile_expedition_set_value    (NileExpedition            *self,
                                                         const NileExpeditionField *field,
                                                         int                        value,
                                                         GError                   **error);
/* Parses "bearers=12", "explorer_armed=true", "mode=canoe"; @self is left
 * untouched on error. */
gboolean                   nile_expedition_parse_assignment (NileExpedition  *self,
                                                             const char      *assignment,
                                                             GError         **error);

/* One line of a before/after comparison. */
typedef struct {
  const NileExpeditionField *field;
  int                        before;
  int                        after;
} NileExpeditionChange;

/* Returns the fields that differ, in table order (element NileExpeditionChange). */
GArray     *nile_expedition_diff             (const NileExpedition *before,
                                              const NileExpedition *after);
/* "bearers −4, rations −18": a short human summary of a diff. */
char       *nile_expedition_describe_changes (GArray               *changes);

/* Every field, by its name. Modes by nick, flags as booleans. */
JsonObject *nile_expedition_to_json          (const NileExpedition *self);
/* Reads the fields present in @object onto @self (absent ones keep their
 * value); unknown names and bad values are NILE_ERROR_INVALID_INPUT and
 * leave @self untouched. */
gboolean    nile_expedition_update_from_json (NileExpedition       *self,
                                              JsonObject           *object,
                                              GError              **error);

/* ---- Counting ----------------------------------------------------- */

/* Everyone, explorer included, healthy or sick. */
int  nile_expedition_people           (const NileExpedition *self);
/* Sick people, explorer included. */
int  nile_expedition_sick_people      (const NileExpedition *self);
/* Healthy people, explorer included: those who must ride when mounted. */
int  nile_expedition_healthy_people   (const NileExpedition *self);
/* Healthy bearers, plus the explorer when he does bearer work (R 5.51). */
int  nile_expedition_working_bearers  (const NileExpedition *self);
int  nile_expedition_horses           (const NileExpedition *self);
int  nile_expedition_camels           (const NileExpedition *self);
int  nile_expedition_pack_mounts      (const NileExpedition *self);
int  nile_expedition_ride_mounts      (const NileExpedition *self);
/* Bearers needed to lead the pack animals: ceil(pack ÷ 3) (R 5.4113). */
int  nile_expedition_leaders_needed   (const NileExpedition *self);

/* How the expedition really travels: its @mode, except that one marked
 * mounted in which a healthy member has no ride mount moves on foot
 * (R 5.423). Capability, the load and movement all follow this, so the
 * numbers stay those of the way it travels while @mode keeps what the
 * player chose, mounted again once everyone rides. */
NileTravelMode nile_expedition_travel_mode (const NileExpedition *self);

/* ---- Carrying (R 6.5, rulings.md "Carrying") ----------------------- */

/* Weight of the items alone (no people, no canoes). */
int   nile_expedition_item_weight      (const NileExpedition *self);
/* Weight of the bonus items alone (tusks, specimens, pelts). */
int   nile_expedition_bonus_weight     (const NileExpedition *self);
/* People carried: the sick always; everyone in a canoe expedition. */
int   nile_expedition_people_carried   (const NileExpedition *self);
/* Items + 15 per person carried. Around a cataract the healthy walk, so
 * it is items + 15 per sick person + 40 per canoe (R 9.27). */
int   nile_expedition_portage_cost     (const NileExpedition *self,
                                        gboolean              around_cataract);
/* What the travel mode (nile_expedition_travel_mode()) can carry
 * (R 6.51–6.53). On foot the bearers
 * leading pack animals carry nothing and the animals they lead carry 20
 * each; ride mounts carry nothing on foot (mark them pack, R 6.3, to load
 * them). In canoes 300 a canoe; mounted 5 a ride mount, 20 a pack mount. */
int   nile_expedition_capability       (const NileExpedition *self);
/* portage − capability, never below 0. */
int   nile_expedition_excess           (const NileExpedition *self);
/* Two lines, the load and the capability, whatever the excess (the
 * warnings say what to do about it). */
char *nile_expedition_describe_load    (const NileExpedition *self);

/* Trips to carry everything and the canoes around a cataract: ceil((items
 * + sick people + 40 per canoe) ÷ (working bearers × 10)); each costs
 * 1 MP (R 9.27). Returns -1 when no bearer can carry. */
int   nile_expedition_cataract_trips   (const NileExpedition *self);

/* Bearers per canoe, whole men: floor(working bearers ÷ canoes); 0 without canoes. */
int   nile_expedition_crew_per_canoe   (const NileExpedition *self);

/* ---- Where the expedition stands ---------------------------------- */

/**
 * NileLocale:
 * @terrain: the hex's terrain
 * @river: a river runs through the hex (water for the taking)
 * @oasis: the hex has an oasis (water for the taking)
 * @coast: canoes travel along the coast
 * @cape_colony: the hex is in Cape Colony (food provided, doctor, R 18.8, 19.6)
 * @port: the hex is a port (doctor, R 19.6)
 * @friendly_tribe: a tribe friendly to this explorer lives here (R 18.8)
 */
typedef struct {
  NileTerrain terrain;
  gboolean    river;
  gboolean    oasis;
  gboolean    coast;
  gboolean    cape_colony;
  gboolean    port;
  gboolean    friendly_tribe;
} NileLocale;

/* Desert hex (the expedition needs water to be there). */
gboolean nile_locale_is_desert     (const NileLocale *locale);
/* Desert without river or oasis: water comes out of the stock. */
gboolean nile_locale_is_dry        (const NileLocale *locale);
/* Nobody eats from the stock here (R 18.8). */
gboolean nile_locale_provides_food (const NileLocale *locale);
gboolean nile_terrain_has_swamp    (NileTerrain       terrain);
gboolean nile_terrain_has_jungle   (NileTerrain       terrain);

/* ---- What the rules forbid ---------------------------------------- */

/**
 * NileExpeditionWarning:
 * @code: a stable identifier ("overloaded", "not-all-mounted",
 *   "pack-animals-unled", "canoe-crew-short", "no-canoes",
 *   "animals-in-canoes", "horses-in-swamp", "horses-in-lake",
 *   "camels-forbidden-terrain")
 * @text: what is wrong, for the player
 */
typedef struct {
  const char *code;
  char       *text;
} NileExpeditionWarning;

void nile_expedition_warning_free (NileExpeditionWarning *warning);

/* Element type NileExpeditionWarning (freed with the array). @locale may be
 * NULL when the hex does not matter. An empty array means all is legal. */
GPtrArray *nile_expedition_warnings (const NileExpedition *self,
                                     const NileLocale     *locale);

/* ---- Food and water (R 5.44, 18, 19) ------------------------------ */

/* People who eat this turn: everyone, or nobody where food is provided. */
int nile_expedition_mouths          (const NileExpedition *self,
                                     const NileLocale     *locale);
/* Rations horses need when ending in a desert hex: 4 each (R 5.4424). */
int nile_expedition_horse_rations   (const NileExpedition *self,
                                     const NileLocale     *locale);
/* Water drunk at the end of the @desert_turn-th consecutive turn in a dry
 * desert: 3 per man, 8 per horse, and camels drink 16 on every second
 * turn (2nd, 4th …) and nothing in between (R 5.4444). That is the
 * cheaper of the two ways the rule allows: it never needs more water by
 * the end of any turn than 8 a turn would. */
int nile_expedition_water_for_turn  (const NileExpedition *self,
                                     int                   desert_turn);
/* Water needed to enter a dry desert hex now (R 5.4442): the next turn's. */
int nile_expedition_water_needed    (const NileExpedition *self);

/* Shoots @count animals of the kind named @animal ("ride_horses",
 * "pack_horses", "ride_camels" or "pack_camels") for 10 fresh rations each
 * (R 5.4425). Anything else, or more animals than there are, is
 * NILE_ERROR_INVALID_INPUT and leaves @self untouched. */
gboolean nile_expedition_shoot_animals (NileExpedition  *self,
                                        const char      *animal,
                                        int              count,
                                        GError         **error);

/* ---- Losses of carriers (R 11.3, 20.73) --------------------------- */

/* Applies the loss of @lost carriers (healthy bearers on foot, canoes in
 * a canoe expedition) to a copy of @self in @result: each item kind, and
 * the people carried, lose floor(count × lost ÷ carriers); bonus items
 * only if the carriers left cannot carry them. Mounted losses name their
 * animals, so an expedition that travels mounted is
 * NILE_ERROR_INVALID_INPUT (one short of ride mounts is on foot and loses
 * bearers), and so is @lost above the carriers. */
gboolean nile_expedition_lose_carriers (const NileExpedition  *self,
                                        int                    lost,
                                        NileExpedition        *result,
                                        GError               **error);

/* ---- Escaping a defeat (R 15.21–15.23) ---------------------------- */

/* The make-up fields that are members: one person (healthy or sick),
 * animal or canoe each, in table order; NULL-terminated. */
const char * const *nile_expedition_member_names  (void);
/* How many members @self has, the explorer not counted. */
int                 nile_expedition_count_members (const NileExpedition *self);

/* What is left when the explorer gets away with the members counted in
 * @chosen (only its member fields are read): exactly those members, and
 * the loads of the carriers among them, apportioned as a loss of the
 * other carriers (nile_expedition_lose_carriers()); bonus items only as
 * far as they can be carried. Chosen animals and non-carriers bring no
 * load. The explorer's own state (sick, armed …) is his and stays. More
 * of a kind than @self has is NILE_ERROR_INVALID_INPUT. */
gboolean nile_expedition_escape_with (const NileExpedition  *self,
                                      const NileExpedition  *chosen,
                                      NileExpedition        *result,
                                      GError               **error);

G_END_DECLS
