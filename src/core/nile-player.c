/* nile-player.c: a player of the campaign, as the book reads him
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A read-only view the campaign book builds from the file; it never
 * changes after construction (the book builds new ones on every change).
 */
#define G_LOG_DOMAIN "nile-player"

#include "config.h"

#include "nile-player.h"

struct _NilePlayer
{
  GObject parent_instance;

  gint64 id;
  char *name;
  char *colour;
  int turn_order;
  gboolean current;
  int vp_published;
  int donations;
  GStrv tickets;
  int cards_due;
};

G_DEFINE_FINAL_TYPE (NilePlayer, nile_player, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_COLOUR,
  PROP_TURN_ORDER,
  PROP_CURRENT,
  PROP_VP_PUBLISHED,
  PROP_DONATIONS,
  PROP_TICKETS,
  PROP_CARDS_DUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
nile_player_finalize (GObject *object)
{
  NilePlayer *self = NILE_PLAYER (object);

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->colour, g_free);
  g_clear_pointer (&self->tickets, g_strfreev);

  G_OBJECT_CLASS (nile_player_parent_class)->finalize (object);
}

static void
nile_player_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  NilePlayer *self = NILE_PLAYER (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_COLOUR:
      g_value_set_string (value, self->colour);
      break;

    case PROP_TURN_ORDER:
      g_value_set_int (value, self->turn_order);
      break;

    case PROP_CURRENT:
      g_value_set_boolean (value, self->current);
      break;

    case PROP_VP_PUBLISHED:
      g_value_set_int (value, self->vp_published);
      break;

    case PROP_DONATIONS:
      g_value_set_int (value, self->donations);
      break;

    case PROP_TICKETS:
      g_value_set_boxed (value, self->tickets);
      break;

    case PROP_CARDS_DUE:
      g_value_set_int (value, self->cards_due);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_player_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  NilePlayer *self = NILE_PLAYER (object);

  switch (prop_id)
    {
    case PROP_ID:
      self->id = g_value_get_int64 (value);
      break;

    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;

    case PROP_COLOUR:
      self->colour = g_value_dup_string (value);
      break;

    case PROP_TURN_ORDER:
      self->turn_order = g_value_get_int (value);
      break;

    case PROP_CURRENT:
      self->current = g_value_get_boolean (value);
      break;

    case PROP_VP_PUBLISHED:
      self->vp_published = g_value_get_int (value);
      break;

    case PROP_DONATIONS:
      self->donations = g_value_get_int (value);
      break;

    case PROP_TICKETS:
      self->tickets = g_value_dup_boxed (value);
      break;

    case PROP_CARDS_DUE:
      self->cards_due = g_value_get_int (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_player_class_init (NilePlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_player_finalize;
  object_class->get_property = nile_player_get_property;
  object_class->set_property = nile_player_set_property;

  properties[PROP_ID] =
    g_param_spec_int64 ("id", NULL, "row id in the campaign file",
                        0, G_MAXINT64, 0,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, "the player's name",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_COLOUR] =
    g_param_spec_string ("colour", NULL, "the colour of his counters",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_TURN_ORDER] =
    g_param_spec_int ("turn-order", NULL, "his place in the turn order, 1 first",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_CURRENT] =
    g_param_spec_boolean ("current", NULL, "it is his turn",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_VP_PUBLISHED] =
    g_param_spec_int ("vp-published", NULL, "victory points published (R 22.1)",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_DONATIONS] =
    g_param_spec_int ("donations", NULL, "dollars of money donations in hand",
                      0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_TICKETS] =
    g_param_spec_boxed ("tickets", NULL, "ports of the free tickets in hand",
                        G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_CARDS_DUE] =
    g_param_spec_int ("cards-due", NULL,
                      "donation cards he draws in Europe this turn: one, and one more for each 4 VP"
                      " published this turn (R 26.4, 26.5); none once he has drawn them",
                      0, G_MAXINT, 1,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_player_init (NilePlayer *self)
{
}

gint64
nile_player_get_id (NilePlayer *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER (self), 0);

  return self->id;
}

const char *
nile_player_get_name (NilePlayer *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER (self), NULL);

  return self->name;
}

const char *
nile_player_get_colour (NilePlayer *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER (self), NULL);

  return self->colour;
}

int
nile_player_get_turn_order (NilePlayer *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER (self), 0);

  return self->turn_order;
}

gboolean
nile_player_get_current (NilePlayer *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER (self), FALSE);

  return self->current;
}

int
nile_player_get_vp_published (NilePlayer *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER (self), 0);

  return self->vp_published;
}

int
nile_player_get_donations (NilePlayer *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER (self), 0);

  return self->donations;
}

const char * const *
nile_player_get_tickets (NilePlayer *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER (self), NULL);

  return (const char * const *) self->tickets;
}

int
nile_player_get_cards_due (NilePlayer *self)
{
  g_return_val_if_fail (NILE_IS_PLAYER (self), 1);

  return self->cards_due;
}
