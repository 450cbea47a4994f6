/* nile-bonus-discovery.c: a bonus discovery, as the Player Aid sheet
 * records it (R 20.6)
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A read-only view the campaign book builds from the file; it never
 * changes after construction (the book builds new ones on every change).
 */
#define G_LOG_DOMAIN "nile-bonus-discovery"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-bonus-discovery.h"
#include "nile-display-names.h"
#include "nile-enum-types.h"

struct _NileBonusDiscovery
{
  GObject parent_instance;

  char *description;
  char *name;
  char *explorer;
  char *player;
  int turn;
  int vp;
  char *item;
  char *state;
};

G_DEFINE_FINAL_TYPE (NileBonusDiscovery, nile_bonus_discovery, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DESCRIPTION,
  PROP_NAME,
  PROP_EXPLORER,
  PROP_PLAYER,
  PROP_TURN,
  PROP_VP,
  PROP_ITEM,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
nile_bonus_discovery_finalize (GObject *object)
{
  NileBonusDiscovery *self = NILE_BONUS_DISCOVERY (object);

  g_clear_pointer (&self->description, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->explorer, g_free);
  g_clear_pointer (&self->player, g_free);
  g_clear_pointer (&self->item, g_free);
  g_clear_pointer (&self->state, g_free);

  G_OBJECT_CLASS (nile_bonus_discovery_parent_class)->finalize (object);
}

static void
nile_bonus_discovery_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  NileBonusDiscovery *self = NILE_BONUS_DISCOVERY (object);

  switch (prop_id)
    {
    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_EXPLORER:
      g_value_set_string (value, self->explorer);
      break;

    case PROP_PLAYER:
      g_value_set_string (value, self->player);
      break;

    case PROP_TURN:
      g_value_set_int (value, self->turn);
      break;

    case PROP_VP:
      g_value_set_int (value, self->vp);
      break;

    case PROP_ITEM:
      g_value_set_string (value, self->item);
      break;

    case PROP_STATE:
      g_value_set_string (value, self->state);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_bonus_discovery_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  NileBonusDiscovery *self = NILE_BONUS_DISCOVERY (object);

  switch (prop_id)
    {
    case PROP_DESCRIPTION:
      self->description = g_value_dup_string (value);
      break;

    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;

    case PROP_EXPLORER:
      self->explorer = g_value_dup_string (value);
      break;

    case PROP_PLAYER:
      self->player = g_value_dup_string (value);
      break;

    case PROP_TURN:
      self->turn = g_value_get_int (value);
      break;

    case PROP_VP:
      self->vp = g_value_get_int (value);
      break;

    case PROP_ITEM:
      self->item = g_value_dup_string (value);
      break;

    case PROP_STATE:
      self->state = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_bonus_discovery_class_init (NileBonusDiscoveryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = nile_bonus_discovery_finalize;
  object_class->get_property = nile_bonus_discovery_get_property;
  object_class->set_property = nile_bonus_discovery_set_property;

  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, "the bonus, in the player's words", NULL, flags);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, "the animal, plant or tribe the card names, or NULL", NULL, flags);
  properties[PROP_EXPLORER] =
    g_param_spec_string ("explorer", NULL, "the explorer who made it", NULL, flags);
  properties[PROP_PLAYER] =
    g_param_spec_string ("player", NULL, "his player", NULL, flags);
  properties[PROP_TURN] =
    g_param_spec_int ("turn", NULL, "the turn it was made in", 0, G_MAXINT, 0, flags);
  properties[PROP_VP] =
    g_param_spec_int ("vp", NULL, "the VP it is worth", 0, G_MAXINT, 0, flags);
  properties[PROP_ITEM] =
    g_param_spec_string ("item", NULL, "what must reach Europe for its VP (a NileBonusItem nick), or NULL", NULL, flags);
  properties[PROP_STATE] =
    g_param_spec_string ("state", NULL, "its VP: unpublished, published or lost; NULL when none are on the books (worth none, or wiped with an explorer who died)", NULL, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_bonus_discovery_init (NileBonusDiscovery *self)
{
}

const char *
nile_bonus_discovery_get_description (NileBonusDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_BONUS_DISCOVERY (self), NULL);
  return self->description;
}

const char *
nile_bonus_discovery_get_name (NileBonusDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_BONUS_DISCOVERY (self), NULL);
  return self->name;
}

const char *
nile_bonus_discovery_get_explorer (NileBonusDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_BONUS_DISCOVERY (self), NULL);
  return self->explorer;
}

const char *
nile_bonus_discovery_get_player (NileBonusDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_BONUS_DISCOVERY (self), NULL);
  return self->player;
}

int
nile_bonus_discovery_get_turn (NileBonusDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_BONUS_DISCOVERY (self), 0);
  return self->turn;
}

int
nile_bonus_discovery_get_vp (NileBonusDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_BONUS_DISCOVERY (self), 0);
  return self->vp;
}

const char *
nile_bonus_discovery_get_item (NileBonusDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_BONUS_DISCOVERY (self), NULL);
  return self->item;
}

const char *
nile_bonus_discovery_get_state (NileBonusDiscovery *self)
{
  g_return_val_if_fail (NILE_IS_BONUS_DISCOVERY (self), NULL);
  return self->state;
}

/**
 * nile_bonus_discovery_dup_details:
 * @self: the bonus
 *
 * What the Player Aid sheet says of it besides its words: the animal,
 * plant or tribe it names, its VP and their state, and the item that
 * must reach Europe. For instance "Okapi, 3 VP, unpublished, a pelt to
 * bring to Europe".
 *
 * Returns: (transfer full): the details
 */
char *
nile_bonus_discovery_dup_details (NileBonusDiscovery *self)
{
  GString *details;

  g_return_val_if_fail (NILE_IS_BONUS_DISCOVERY (self), NULL);

  details = g_string_new (NULL);
  if (self->name != NULL)
    g_string_append_printf (details, "%s, ", self->name);
  g_string_append_printf (details, _("%d VP, %s"), self->vp, nile_display_vp_state (self->state));
  if (self->item != NULL)
    /* Translators: the item (“pelt”, “tusk”) a bonus's VP wait for */
    g_string_append_printf (details, _(", a %s to bring to Europe"),
                            nile_display_phrase (NILE_TYPE_BONUS_ITEM, self->item));
  return g_string_free (details, FALSE);
}
