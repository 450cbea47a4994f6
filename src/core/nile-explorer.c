/* nile-explorer.c: an explorer and his expedition: what it can carry, how far it moves, and what it answers for rolls
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A read-only view the campaign book builds from the file; it never
 * changes after construction (the book builds new ones on every change).
 */
#define G_LOG_DOMAIN "nile-explorer"

#include "config.h"

#include <string.h>

#include "nile-enum-types.h"
#include "nile-enums.h"
#include "nile-explorer.h"
#include "nile-expedition.h"
#include "nile-movement.h"

struct _NileExplorer
{
  GObject parent_instance;

  gint64 id;
  char *player;
  char *name;
  char *specialty;
  char *port;
  char *status;
  int status_turn;
  char *previous_status;
  char *hex;
  int distance_from_port;
  int farthest_from_port;
  int starving_turns;
  int money;
  int vp_unpublished;
  int vp_published;
  NileExpedition *expedition;
  int movement_cautious;
  int movement_normal;
  int movement_reckless;
};

G_DEFINE_FINAL_TYPE (NileExplorer, nile_explorer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_PLAYER,
  PROP_NAME,
  PROP_SPECIALTY,
  PROP_PORT,
  PROP_STATUS,
  PROP_STATUS_TURN,
  PROP_PREVIOUS_STATUS,
  PROP_HEX,
  PROP_DISTANCE_FROM_PORT,
  PROP_FARTHEST_FROM_PORT,
  PROP_STARVING_TURNS,
  PROP_MONEY,
  PROP_VP_UNPUBLISHED,
  PROP_VP_PUBLISHED,
  PROP_EXPEDITION,
  PROP_MOVEMENT_CAUTIOUS,
  PROP_MOVEMENT_NORMAL,
  PROP_MOVEMENT_RECKLESS,
  PROP_PORTAGE,
  PROP_CAPABILITY,
  PROP_EXCESS,
  PROP_PEOPLE,
  PROP_TRAVEL_MODE,
  PROP_MOVEMENT_NOTE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
nile_explorer_finalize (GObject *object)
{
  NileExplorer *self = NILE_EXPLORER (object);

  g_clear_pointer (&self->player, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->specialty, g_free);
  g_clear_pointer (&self->port, g_free);
  g_clear_pointer (&self->status, g_free);
  g_clear_pointer (&self->previous_status, g_free);
  g_clear_pointer (&self->hex, g_free);
  g_clear_pointer (&self->expedition, nile_expedition_free);

  G_OBJECT_CLASS (nile_explorer_parent_class)->finalize (object);
}

static void
nile_explorer_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  NileExplorer *self = NILE_EXPLORER (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;

    case PROP_PLAYER:
      g_value_set_string (value, self->player);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_SPECIALTY:
      g_value_set_string (value, self->specialty);
      break;

    case PROP_PORT:
      g_value_set_string (value, self->port);
      break;

    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;

    case PROP_STATUS_TURN:
      g_value_set_int (value, self->status_turn);
      break;

    case PROP_PREVIOUS_STATUS:
      g_value_set_string (value, self->previous_status);
      break;

    case PROP_HEX:
      g_value_set_string (value, self->hex);
      break;

    case PROP_DISTANCE_FROM_PORT:
      g_value_set_int (value, self->distance_from_port);
      break;

    case PROP_FARTHEST_FROM_PORT:
      g_value_set_int (value, self->farthest_from_port);
      break;

    case PROP_STARVING_TURNS:
      g_value_set_int (value, self->starving_turns);
      break;

    case PROP_MONEY:
      g_value_set_int (value, self->money);
      break;

    case PROP_VP_UNPUBLISHED:
      g_value_set_int (value, self->vp_unpublished);
      break;

    case PROP_VP_PUBLISHED:
      g_value_set_int (value, self->vp_published);
      break;

    case PROP_EXPEDITION:
      g_value_set_boxed (value, self->expedition);
      break;

    case PROP_MOVEMENT_CAUTIOUS:
      g_value_set_int (value, self->movement_cautious);
      break;

    case PROP_MOVEMENT_NORMAL:
      g_value_set_int (value, self->movement_normal);
      break;

    case PROP_MOVEMENT_RECKLESS:
      g_value_set_int (value, self->movement_reckless);
      break;

    case PROP_PORTAGE:
      g_value_set_int (value, nile_explorer_get_portage (self));
      break;

    case PROP_CAPABILITY:
      g_value_set_int (value, nile_explorer_get_capability (self));
      break;

    case PROP_EXCESS:
      g_value_set_int (value, nile_explorer_get_excess (self));
      break;

    case PROP_PEOPLE:
      g_value_set_int (value, nile_explorer_get_people (self));
      break;

    case PROP_TRAVEL_MODE:
      g_value_set_string (value, nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, nile_explorer_get_travel_mode (self)));
      break;

    case PROP_MOVEMENT_NOTE:
      g_value_set_string (value, nile_explorer_get_movement_note (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_explorer_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  NileExplorer *self = NILE_EXPLORER (object);

  switch (prop_id)
    {
    case PROP_ID:
      self->id = g_value_get_int64 (value);
      break;

    case PROP_PLAYER:
      self->player = g_value_dup_string (value);
      break;

    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;

    case PROP_SPECIALTY:
      self->specialty = g_value_dup_string (value);
      break;

    case PROP_PORT:
      self->port = g_value_dup_string (value);
      break;

    case PROP_STATUS:
      self->status = g_value_dup_string (value);
      break;

    case PROP_STATUS_TURN:
      self->status_turn = g_value_get_int (value);
      break;

    case PROP_PREVIOUS_STATUS:
      self->previous_status = g_value_dup_string (value);
      break;

    case PROP_HEX:
      self->hex = g_value_dup_string (value);
      break;

    case PROP_DISTANCE_FROM_PORT:
      self->distance_from_port = g_value_get_int (value);
      break;

    case PROP_FARTHEST_FROM_PORT:
      self->farthest_from_port = g_value_get_int (value);
      break;

    case PROP_STARVING_TURNS:
      self->starving_turns = g_value_get_int (value);
      break;

    case PROP_MONEY:
      self->money = g_value_get_int (value);
      break;

    case PROP_VP_UNPUBLISHED:
      self->vp_unpublished = g_value_get_int (value);
      break;

    case PROP_VP_PUBLISHED:
      self->vp_published = g_value_get_int (value);
      break;

    case PROP_EXPEDITION:
      self->expedition = g_value_dup_boxed (value);
      break;

    case PROP_MOVEMENT_CAUTIOUS:
      self->movement_cautious = g_value_get_int (value);
      break;

    case PROP_MOVEMENT_NORMAL:
      self->movement_normal = g_value_get_int (value);
      break;

    case PROP_MOVEMENT_RECKLESS:
      self->movement_reckless = g_value_get_int (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_explorer_class_init (NileExplorerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_explorer_finalize;
  object_class->get_property = nile_explorer_get_property;
  object_class->set_property = nile_explorer_set_property;

  properties[PROP_ID] =
    g_param_spec_int64 ("id", NULL, "row id in the campaign file",
                        0, G_MAXINT64, 0,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PLAYER] =
    g_param_spec_string ("player", NULL, "the player who sent him",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, "the explorer's name",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SPECIALTY] =
    g_param_spec_string ("specialty", NULL, "AH specialty nick, or DG specialties comma-separated",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PORT] =
    g_param_spec_string ("port", NULL, "the port his expedition was outfitted at",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, "in-europe, at-sea, in-port, in-africa, captive, dead or retired",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_STATUS_TURN] =
    g_param_spec_int ("status-turn", NULL,
                      "the turn his status last changed, 0 for one before the campaign noted it"
                      " or none since he was sent out",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PREVIOUS_STATUS] =
    g_param_spec_string ("previous-status", NULL, "the status he left in that turn, NULL while it is 0",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_HEX] =
    g_param_spec_string ("hex", NULL, "where he is",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_DISTANCE_FROM_PORT] =
    g_param_spec_int ("distance-from-port", NULL, "boxes from the nearest port",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_FARTHEST_FROM_PORT] =
    g_param_spec_int ("farthest-from-port", NULL, "the farthest this expedition has been from port",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_STARVING_TURNS] =
    g_param_spec_int ("starving-turns", NULL, "turns in a row he went unfed",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_MONEY] =
    g_param_spec_int ("money", NULL, "dollars left to outfit with",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_VP_UNPUBLISHED] =
    g_param_spec_int ("vp-unpublished", NULL, "VP of this expedition not yet published",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_VP_PUBLISHED] =
    g_param_spec_int ("vp-published", NULL, "VP his player has published",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_EXPEDITION] =
    g_param_spec_boxed ("expedition", NULL, "the expedition make-up",
                        NILE_TYPE_EXPEDITION,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_MOVEMENT_CAUTIOUS] =
    g_param_spec_int ("movement-cautious", NULL, "MP at cautious activity, -1 while the chart cell is blank",
                      -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_MOVEMENT_NORMAL] =
    g_param_spec_int ("movement-normal", NULL, "MP at normal activity, -1 while the chart cell is blank",
                      -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_MOVEMENT_RECKLESS] =
    g_param_spec_int ("movement-reckless", NULL, "MP at reckless activity, -1 while the chart cell is blank",
                      -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PORTAGE] =
    g_param_spec_int ("portage", NULL, "portage cost: items and people carried (R 6.54)",
                      0, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  properties[PROP_CAPABILITY] =
    g_param_spec_int ("capability", NULL, "transport capability of the way it travels (R 6.5, 5.423)",
                      0, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  properties[PROP_EXCESS] =
    g_param_spec_int ("excess", NULL, "portage beyond capability, 0 when it all fits (R 6.55)",
                      0, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  properties[PROP_PEOPLE] =
    g_param_spec_int ("people", NULL, "everyone in the expedition, explorer included",
                      0, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /* A nick, as the expedition's own "mode": that is what the player
   * chose, this is how it moves and carries (R 5.423). */
  properties[PROP_TRAVEL_MODE] =
    g_param_spec_string ("travel-mode", NULL, "how the expedition really travels: foot, canoe or mounted",
                         "foot",
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /* Beside the three allowances, whose -1 also stands for a blank cell. */
  properties[PROP_MOVEMENT_NOTE] =
    g_param_spec_string ("movement-note", NULL,
                         "why the expedition has no movement points at all (its canoes drift or it has none), or NULL",
                         NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_explorer_init (NileExplorer *self)
{
}

gint64
nile_explorer_get_id (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->id;
}

const char *
nile_explorer_get_player (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), NULL);

  return self->player;
}

const char *
nile_explorer_get_name (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), NULL);

  return self->name;
}

const char *
nile_explorer_get_specialty (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), NULL);

  return self->specialty;
}

const char *
nile_explorer_get_port (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), NULL);

  return self->port;
}

const char *
nile_explorer_get_status (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), NULL);

  return self->status;
}

int
nile_explorer_get_status_turn (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->status_turn;
}

const char *
nile_explorer_get_previous_status (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), NULL);

  return self->previous_status;
}

const char *
nile_explorer_get_hex (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), NULL);

  return self->hex;
}

int
nile_explorer_get_distance_from_port (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->distance_from_port;
}

int
nile_explorer_get_farthest_from_port (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->farthest_from_port;
}

int
nile_explorer_get_starving_turns (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->starving_turns;
}

int
nile_explorer_get_money (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->money;
}

int
nile_explorer_get_vp_unpublished (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->vp_unpublished;
}

int
nile_explorer_get_vp_published (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->vp_published;
}

const NileExpedition *
nile_explorer_get_expedition (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), NULL);

  return self->expedition;
}

int
nile_explorer_get_movement_cautious (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->movement_cautious;
}

int
nile_explorer_get_movement_normal (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->movement_normal;
}

int
nile_explorer_get_movement_reckless (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return self->movement_reckless;
}

int
nile_explorer_get_portage (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return nile_expedition_portage_cost (self->expedition, FALSE);
}

int
nile_explorer_get_capability (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return nile_expedition_capability (self->expedition);
}

int
nile_explorer_get_excess (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return nile_expedition_excess (self->expedition);
}

int
nile_explorer_get_people (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), 0);

  return nile_expedition_people (self->expedition);
}

NileTravelMode
nile_explorer_get_travel_mode (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), NILE_TRAVEL_MODE_FOOT);

  return nile_expedition_travel_mode (self->expedition);
}

const char *
nile_explorer_get_movement_note (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), NULL);

  return nile_movement_paddling_problem (self->expedition);
}

/* Which of the core's operations a player starts for an explorer, by
 * where he is, in the order a turn uses them: outfitting happens only in
 * port, the interior is where carriers are lost, hexes entered,
 * tribes traded with, animals shot for food and the sick sent home,
 * the end of a turn at sea brings him to Europe (R 21.4), and
 * discoveries are published only in Europe, from where he sails again. Corrections (set-makeup,
 * apply-effects) are open everywhere and not listed. */
static const struct {
  const char *status;
  const char *operations[7];
} status_operations[] = {
  { "in-port",   { "outfit", "set-out", NULL } },
  { "in-africa", { "lose-carriers", "move", "trade", "shoot-animals", "discharge-sick", "end-turn", NULL } },
  { "in-europe", { "publish", "europe-turn", "sail", NULL } },
  { "at-sea",    { "move", "end-turn", NULL } },
  { "captive",   { "end-turn", NULL } },
};

static const char * const no_operations[] = { NULL };

/**
 * nile_explorer_status_get_operations:
 * @status: an explorer status nick ("in-port", "in-africa", …)
 *
 * Returns: (transfer none): the names of the operations that apply to an
 *   explorer with @status, in the order of a turn; empty for the dead,
 *   the retired and an unknown status
 */
const char * const *
nile_explorer_status_get_operations (const char *status)
{
  for (guint i = 0; i < G_N_ELEMENTS (status_operations); i++)
    if (g_strcmp0 (status, status_operations[i].status) == 0)
      return status_operations[i].operations;

  return no_operations;
}

/* ---- Roll inputs --------------------------------------------------- */

/* Inputs of the rolls that the explorer's own make-up answers, so the
 * player types only what the board shows. */
typedef GVariant *(*RollInputRead) (NileExplorer *explorer);

static GVariant *
read_askaris (NileExplorer *explorer)
{
  return g_variant_new_int32 (nile_explorer_get_expedition (explorer)->askaris);
}

static GVariant *
read_canoes (NileExplorer *explorer)
{
  return g_variant_new_int32 (nile_explorer_get_expedition (explorer)->canoes);
}

static GVariant *
read_gifts (NileExplorer *explorer)
{
  return g_variant_new_int32 (nile_explorer_get_expedition (explorer)->gifts);
}

static GVariant *
read_armed (NileExplorer *explorer)
{
  return g_variant_new_boolean (nile_explorer_get_expedition (explorer)->explorer_armed);
}

static GVariant *
read_no_muskets (NileExplorer *explorer)
{
  const NileExpedition *expedition = nile_explorer_get_expedition (explorer);

  return g_variant_new_boolean (expedition->muskets == 0 && !expedition->explorer_armed);
}

static GVariant *
read_mounted (NileExplorer *explorer)
{
  return g_variant_new_boolean (nile_explorer_get_travel_mode (explorer) == NILE_TRAVEL_MODE_MOUNTED);
}

static GVariant *
read_distance (NileExplorer *explorer)
{
  return g_variant_new_int32 (nile_explorer_get_distance_from_port (explorer));
}

static GVariant *
read_unwell (NileExplorer *explorer)
{
  return g_variant_new_boolean (nile_explorer_get_expedition (explorer)->explorer_sick ||
                                nile_explorer_get_starving_turns (explorer) > 0);
}

static GVariant *
read_zoologist (NileExplorer *explorer)
{
  const char *specialty = nile_explorer_get_specialty (explorer);

  /* AH names the specialist, DG the science. */
  return g_variant_new_boolean (g_strcmp0 (specialty, "zoologist") == 0 ||
                                (specialty != NULL && strstr (specialty, "zoology") != NULL));
}

/* Healthy askaris and the explorer if he carries a musket: who hunts,
 * fights and shoots (R 18.31, 11.42). A sick explorer does none of it
 * (R 19.3). */
static GVariant *
read_armed_men (NileExplorer *explorer)
{
  const NileExpedition *expedition = nile_explorer_get_expedition (explorer);
  gboolean explorer_able = expedition->explorer_armed && !expedition->explorer_sick;

  return g_variant_new_int32 (expedition->askaris + (explorer_able ? 1 : 0));
}

static GVariant *
read_bearers (NileExplorer *explorer)
{
  return g_variant_new_int32 (nile_explorer_get_expedition (explorer)->bearers);
}

static GVariant *
read_sick (NileExplorer *explorer)
{
  return g_variant_new_int32 (nile_expedition_sick_people (nile_explorer_get_expedition (explorer)));
}

static GVariant *
read_guide (NileExplorer *explorer)
{
  return g_variant_new_boolean (nile_explorer_get_expedition (explorer)->guides > 0);
}

/* An explorer alone may hunt without a musket (R 18.7), but not sick:
 * the sick do no duty (R 19.3). */
static GVariant *
read_lone_unarmed (NileExplorer *explorer)
{
  const NileExpedition *expedition = nile_explorer_get_expedition (explorer);

  return g_variant_new_boolean (nile_expedition_people (expedition) == 1 && !expedition->explorer_armed &&
                                !expedition->explorer_sick);
}

static GVariant *
read_doctor (NileExplorer *explorer)
{
  return g_variant_new_boolean (g_strcmp0 (nile_explorer_get_specialty (explorer), "doctor") == 0 &&
                                !nile_explorer_get_expedition (explorer)->explorer_sick);
}

static GVariant *
read_nothing_to_give (NileExplorer *explorer)
{
  return g_variant_new_boolean (nile_explorer_get_expedition (explorer)->gifts == 0);
}

static GVariant *
read_mode (NileExplorer *explorer)
{
  /* How it really travels: the chart's row for a mounted expedition
   * short of ride mounts is the foot one (R 5.423). */
  return g_variant_new_string (nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, nile_explorer_get_travel_mode (explorer)));
}

/* An AH specialty; a DG explorer's sciences are no AH nick and are
 * left for the player to choose. */
static GVariant *
read_specialty (NileExplorer *explorer)
{
  return g_variant_new_string (nile_explorer_get_specialty (explorer) != NULL
                               ? nile_explorer_get_specialty (explorer) : "");
}

static const struct {
  const char    *input;
  RollInputRead  read;
} roll_inputs[] = {
  { "askaris", read_askaris },
  { "canoes", read_canoes },
  { "gifts", read_gifts },
  { "armed", read_armed },
  { "no-muskets", read_no_muskets },
  { "mounted", read_mounted },
  { "distance", read_distance },
  { "unwell", read_unwell },
  { "zoologist", read_zoologist },
  { "shots", read_armed_men },
  { "hunters", read_armed_men },
  { "fighters", read_armed_men },
  { "bearers", read_bearers },
  { "sick", read_sick },
  { "guide", read_guide },
  { "lone-unarmed", read_lone_unarmed },
  { "doctor", read_doctor },
  { "nothing-to-give", read_nothing_to_give },
  { "mode", read_mode },
  { "specialty", read_specialty },
};

/**
 * nile_explorer_get_roll_inputs:
 * @self: an explorer
 *
 * The inputs of the rolls that his expedition answers (its askaris, the
 * distance from port, his calling…), read as the books hold them. All of
 * them come, whatever the roll: a roll takes those it has and ignores
 * the others. The window's roll panel and `roll --apply` both fill their
 * inputs from here.
 *
 * Returns: (transfer floating): an a{sv}
 */
GVariant *
nile_explorer_get_roll_inputs (NileExplorer *self)
{
  GVariantDict inputs;

  g_return_val_if_fail (NILE_IS_EXPLORER (self), NULL);

  g_variant_dict_init (&inputs, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (roll_inputs); i++)
    g_variant_dict_insert_value (&inputs, roll_inputs[i].input, roll_inputs[i].read (self));
  return g_variant_dict_end (&inputs);
}

/* Back in port from the interior or the sea: the expedition was
 * outfitted before it set out and buys nothing more (R 5.3). */
static const char * const back_in_port_operations[] = { "set-out", NULL };

const char * const *
nile_explorer_get_operations (NileExplorer *self)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (self), no_operations);

  if (g_strcmp0 (self->status, "in-port") == 0 && self->previous_status != NULL &&
      !g_str_equal (self->previous_status, "in-europe"))
    return back_in_port_operations;

  return nile_explorer_status_get_operations (self->status);
}
