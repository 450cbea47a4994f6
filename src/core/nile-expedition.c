/* nile-expedition.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-expedition"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-expedition.h"
#include "nile-movement.h"

G_DEFINE_BOXED_TYPE (NileExpedition, nile_expedition,
                     nile_expedition_copy, nile_expedition_free)

#define FIELD(member, kind, weight, is_item, is_bonus, description) \
  { #member, G_STRUCT_OFFSET (NileExpedition, member), \
    NILE_EXPEDITION_FIELD_##kind, weight, is_item, is_bonus, description }
#define FLAG(member, description) FIELD (member, FLAG, 0, FALSE, FALSE, description)
#define COUNT(member, description) FIELD (member, COUNT, 0, FALSE, FALSE, description)
#define ITEM(member, weight, description) FIELD (member, COUNT, weight, TRUE, FALSE, description)
#define BONUS(member, weight, description) FIELD (member, COUNT, weight, TRUE, TRUE, description)

/* The make-up, in the order of the Player Aid Sheet. Item weights: R 5.441
 * (rations, water, gifts, muskets 1), R 20.71 (tusk 7), R 20.72 (a
 * specimen 2; the larger ones come home as pelts, so a pelt weighs 2 as
 * well). The explorer's own musket is his to carry and weighs nothing. */
static const NileExpeditionField fields[] = {
  FLAG (explorer_sick, N_("The explorer is sick")),
  FLAG (explorer_armed, N_("The explorer has his own musket: he hunts and fights")),
  FLAG (explorer_debased, N_("The askaris no longer respect the explorer")),
  FLAG (explorer_is_bearer, N_("The explorer does bearer work")),
  COUNT (bearers, N_("Healthy bearers")),
  COUNT (sick_bearers, N_("Sick bearers")),
  COUNT (guides, N_("Healthy guides")),
  COUNT (sick_guides, N_("Sick guides")),
  COUNT (askaris, N_("Healthy askaris")),
  COUNT (sick_askaris, N_("Sick askaris")),
  COUNT (ride_horses, N_("Horses ridden")),
  COUNT (pack_horses, N_("Pack horses")),
  COUNT (ride_camels, N_("Camels ridden")),
  COUNT (pack_camels, N_("Pack camels")),
  COUNT (canoes, N_("Canoes")),
  ITEM (rations, 1, N_("Non-perishable rations")),
  ITEM (fresh_rations, 1, N_("Fresh rations, eaten this turn or spoilt")),
  ITEM (water, 1, N_("Units of water")),
  ITEM (gifts, 1, N_("Gifts")),
  ITEM (muskets, 1, N_("Spare muskets")),
  BONUS (tusks, 7, N_("Tusks")),
  BONUS (specimens, 2, N_("Live specimens and seeds")),
  BONUS (pelts, 2, N_("Pelts")),
  FIELD (mode, MODE, 0, FALSE, FALSE, N_("Travel mode: foot, canoe or mounted")),
  COUNT (desert_turns, N_("Consecutive turns ended in a dry desert")),
};

#undef BONUS
#undef ITEM
#undef COUNT
#undef FLAG
#undef FIELD

/* People by kind, for the functions that treat every kind alike. */
static const gsize person_offsets[] = {
  G_STRUCT_OFFSET (NileExpedition, bearers),
  G_STRUCT_OFFSET (NileExpedition, sick_bearers),
  G_STRUCT_OFFSET (NileExpedition, guides),
  G_STRUCT_OFFSET (NileExpedition, sick_guides),
  G_STRUCT_OFFSET (NileExpedition, askaris),
  G_STRUCT_OFFSET (NileExpedition, sick_askaris),
};

static const gsize sick_offsets[] = {
  G_STRUCT_OFFSET (NileExpedition, sick_bearers),
  G_STRUCT_OFFSET (NileExpedition, sick_guides),
  G_STRUCT_OFFSET (NileExpedition, sick_askaris),
};

#define MEMBER(self, offset) G_STRUCT_MEMBER (int, (self), (offset))

static int
sum_members (const NileExpedition *self,
             const gsize          *offsets,
             gsize                 n_offsets)
{
  int sum = 0;

  for (gsize i = 0; i < n_offsets; i++)
    sum += MEMBER (self, offsets[i]);

  return sum;
}

void
nile_expedition_init (NileExpedition *self)
{
  g_return_if_fail (self != NULL);

  *self = (NileExpedition) { .mode = NILE_TRAVEL_MODE_FOOT };
}

NileExpedition *
nile_expedition_new (void)
{
  NileExpedition *self = g_new (NileExpedition, 1);

  nile_expedition_init (self);
  return self;
}

NileExpedition *
nile_expedition_copy (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_memdup2 (self, sizeof *self);
}

void
nile_expedition_free (NileExpedition *self)
{
  g_free (self);
}

gboolean
nile_expedition_equal (const NileExpedition *a,
                       const NileExpedition *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (nile_expedition_get_value (a, &fields[i]) != nile_expedition_get_value (b, &fields[i]))
      return FALSE;

  return TRUE;
}

gboolean
nile_expedition_validate (const NileExpedition  *self,
                          GError               **error)
{
  NileExpedition scratch;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Setting every value on a scratch copy runs the one set of checks. */
  nile_expedition_init (&scratch);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (!nile_expedition_set_value (&scratch, &fields[i],
                                    nile_expedition_get_value (self, &fields[i]), error))
      return FALSE;

  return TRUE;
}

/* ---- The field table ---------------------------------------------- */

const NileExpeditionField *
nile_expedition_fields (guint *n_fields)
{
  g_return_val_if_fail (n_fields != NULL, NULL);

  *n_fields = G_N_ELEMENTS (fields);
  return fields;
}

const NileExpeditionField *
nile_expedition_find_field (const char *name)
{
  if (name == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_equal (fields[i].name, name))
      return &fields[i];

  return NULL;
}

int
nile_expedition_get_value (const NileExpedition      *self,
                           const NileExpeditionField *field)
{
  g_return_val_if_fail (self != NULL && field != NULL, 0);

  switch (field->kind)
    {
    case NILE_EXPEDITION_FIELD_COUNT:
      return G_STRUCT_MEMBER (int, self, field->offset);
    case NILE_EXPEDITION_FIELD_FLAG:
      return G_STRUCT_MEMBER (gboolean, self, field->offset) ? 1 : 0;
    case NILE_EXPEDITION_FIELD_MODE:
      return (int) G_STRUCT_MEMBER (NileTravelMode, self, field->offset);
    default:
      g_return_val_if_reached (0);
    }
}

gboolean
nile_expedition_set_value (NileExpedition            *self,
                           const NileExpeditionField *field,
                           int                        value,
                           GError                   **error)
{
  g_return_val_if_fail (self != NULL && field != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  switch (field->kind)
    {
    case NILE_EXPEDITION_FIELD_COUNT:
      if (value < 0)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s cannot be negative (%d)"), _(field->description), value);
          return FALSE;
        }
      if (value > NILE_EXPEDITION_MAX_COUNT)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s can be at most %d, not %d"), _(field->description), NILE_EXPEDITION_MAX_COUNT, value);
          return FALSE;
        }
      G_STRUCT_MEMBER (int, self, field->offset) = value;
      return TRUE;

    case NILE_EXPEDITION_FIELD_FLAG:
      if (value != 0 && value != 1)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s is either true or false"), field->name);
          return FALSE;
        }
      G_STRUCT_MEMBER (gboolean, self, field->offset) = value;
      return TRUE;

    case NILE_EXPEDITION_FIELD_MODE:
      if (nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, value) == NULL)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%d is not a travel mode"), value);
          return FALSE;
        }
      G_STRUCT_MEMBER (NileTravelMode, self, field->offset) = value;
      return TRUE;

    default:
      g_return_val_if_reached (FALSE);
    }
}

static gboolean
parse_flag (const char *text,
            int        *value)
{
  static const struct {
    const char *spelling;
    int value;
  } spellings[] = {
    { "true", 1 }, { "yes", 1 }, { "1", 1 },
    { "false", 0 }, { "no", 0 }, { "0", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (spellings); i++)
    if (g_ascii_strcasecmp (text, spellings[i].spelling) == 0)
      {
        *value = spellings[i].value;
        return TRUE;
      }

  return FALSE;
}

static gboolean
parse_field_value (const NileExpeditionField *field,
                   const char                *text,
                   int                       *value,
                   GError                   **error)
{
  gint64 number;

  switch (field->kind)
    {
    case NILE_EXPEDITION_FIELD_COUNT:
      if (!g_ascii_string_to_signed (text, 10, 0, G_MAXINT, &number, NULL))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s takes a whole number of 0 or more, not “%s”"),
                       field->name, text);
          return FALSE;
        }
      *value = (int) number;
      return TRUE;

    case NILE_EXPEDITION_FIELD_FLAG:
      if (!parse_flag (text, value))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s takes true or false, not “%s”"), field->name, text);
          return FALSE;
        }
      return TRUE;

    case NILE_EXPEDITION_FIELD_MODE:
      if (!nile_enum_from_nick (NILE_TYPE_TRAVEL_MODE, text, value))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("%s takes foot, canoe or mounted, not “%s”"),
                       field->name, text);
          return FALSE;
        }
      return TRUE;

    default:
      g_return_val_if_reached (FALSE);
    }
}

static const NileExpeditionField *
find_field_or_error (const char  *name,
                     GError     **error)
{
  const NileExpeditionField *field = nile_expedition_find_field (name);

  if (field == NULL)
    g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                 _("“%s” is not part of an expedition’s make-up"), name);

  return field;
}

gboolean
nile_expedition_parse_assignment (NileExpedition  *self,
                                  const char      *assignment,
                                  GError         **error)
{
  g_auto(GStrv) parts = NULL;
  const NileExpeditionField *field;
  int value;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (assignment != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  parts = g_strsplit (assignment, "=", 2);
  if (g_strv_length (parts) != 2)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("Expected name=value, as in bearers=12, not “%s”"), assignment);
      return FALSE;
    }

  g_strstrip (parts[0]);
  g_strstrip (parts[1]);

  field = find_field_or_error (parts[0], error);
  if (field == NULL)
    return FALSE;

  if (!parse_field_value (field, parts[1], &value, error))
    return FALSE;

  return nile_expedition_set_value (self, field, value, error);
}

GArray *
nile_expedition_diff (const NileExpedition *before,
                      const NileExpedition *after)
{
  GArray *changes;

  g_return_val_if_fail (before != NULL && after != NULL, NULL);

  changes = g_array_new (FALSE, FALSE, sizeof (NileExpeditionChange));

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      NileExpeditionChange change = {
        .field = &fields[i],
        .before = nile_expedition_get_value (before, &fields[i]),
        .after = nile_expedition_get_value (after, &fields[i]),
      };

      if (change.before != change.after)
        g_array_append_val (changes, change);
    }

  return changes;
}

static const char *
spell_value (const NileExpeditionField *field,
             int                        value)
{
  switch (field->kind)
    {
    case NILE_EXPEDITION_FIELD_FLAG:
      return value ? "true" : "false";
    case NILE_EXPEDITION_FIELD_MODE:
      return nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, value);
    case NILE_EXPEDITION_FIELD_COUNT:
    default:
      return NULL;
    }
}

char *
nile_expedition_describe_changes (GArray *changes)
{
  GString *text;

  g_return_val_if_fail (changes != NULL, NULL);

  text = g_string_new (NULL);
  nile_display_append_changes (text, changes);

  return g_string_free (text, FALSE);
}

JsonObject *
nile_expedition_to_json (const NileExpedition *self)
{
  JsonObject *object;

  g_return_val_if_fail (self != NULL, NULL);

  object = json_object_new ();

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const NileExpeditionField *field = &fields[i];
      int value = nile_expedition_get_value (self, field);

      switch (field->kind)
        {
        case NILE_EXPEDITION_FIELD_COUNT:
          json_object_set_int_member (object, field->name, value);
          break;
        case NILE_EXPEDITION_FIELD_FLAG:
          json_object_set_boolean_member (object, field->name, value != 0);
          break;
        case NILE_EXPEDITION_FIELD_MODE:
          json_object_set_string_member (object, field->name, spell_value (field, value));
          break;
        default:
          g_assert_not_reached ();
        }
    }

  return object;
}

static gboolean
read_json_value (const NileExpeditionField *field,
                 JsonNode                  *node,
                 int                       *value,
                 GError                   **error)
{
  GType type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;

  switch (field->kind)
    {
    case NILE_EXPEDITION_FIELD_COUNT:
      if (type == G_TYPE_INT64)
        {
          gint64 number = json_node_get_int (node);

          if (number >= 0 && number <= G_MAXINT)
            {
              *value = (int) number;
              return TRUE;
            }
        }
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s takes a whole number of 0 or more"), field->name);
      return FALSE;

    case NILE_EXPEDITION_FIELD_FLAG:
      if (type == G_TYPE_BOOLEAN)
        {
          *value = json_node_get_boolean (node) ? 1 : 0;
          return TRUE;
        }
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s takes true or false"), field->name);
      return FALSE;

    case NILE_EXPEDITION_FIELD_MODE:
      if (type == G_TYPE_STRING)
        return parse_field_value (field, json_node_get_string (node), value, error);
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s takes foot, canoe or mounted"), field->name);
      return FALSE;

    default:
      g_return_val_if_reached (FALSE);
    }
}

gboolean
nile_expedition_update_from_json (NileExpedition  *self,
                                  JsonObject      *object,
                                  GError         **error)
{
  g_autoptr(GList) names = NULL;
  NileExpedition updated;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (object != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Work on a copy so a bad member halfway leaves @self as it was. */
  updated = *self;
  names = json_object_get_members (object);

  for (const GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      const NileExpeditionField *field = find_field_or_error (name, error);
      int value;

      if (field == NULL ||
          !read_json_value (field, json_object_get_member (object, name), &value, error) ||
          !nile_expedition_set_value (&updated, field, value, error))
        return FALSE;
    }

  *self = updated;
  return TRUE;
}

/* ---- Counting ----------------------------------------------------- */

int
nile_expedition_people (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return 1 + sum_members (self, person_offsets, G_N_ELEMENTS (person_offsets));
}

int
nile_expedition_sick_people (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return (self->explorer_sick ? 1 : 0) +
         sum_members (self, sick_offsets, G_N_ELEMENTS (sick_offsets));
}

int
nile_expedition_healthy_people (const NileExpedition *self)
{
  return nile_expedition_people (self) - nile_expedition_sick_people (self);
}

int
nile_expedition_working_bearers (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->bearers + (self->explorer_is_bearer && !self->explorer_sick ? 1 : 0);
}

int
nile_expedition_horses (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->ride_horses + self->pack_horses;
}

int
nile_expedition_camels (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->ride_camels + self->pack_camels;
}

int
nile_expedition_pack_mounts (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->pack_horses + self->pack_camels;
}

int
nile_expedition_ride_mounts (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->ride_horses + self->ride_camels;
}

int
nile_expedition_leaders_needed (const NileExpedition *self)
{
  int pack = nile_expedition_pack_mounts (self);

  return (pack + NILE_PACK_ANIMALS_PER_LEADER - 1) / NILE_PACK_ANIMALS_PER_LEADER;
}

NileTravelMode
nile_expedition_travel_mode (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, NILE_TRAVEL_MODE_FOOT);

  /* The sick are carried and need no mount of their own. */
  if (self->mode == NILE_TRAVEL_MODE_MOUNTED &&
      nile_expedition_ride_mounts (self) < nile_expedition_healthy_people (self))
    return NILE_TRAVEL_MODE_FOOT;

  return self->mode;
}

/* ---- Carrying ----------------------------------------------------- */

static int
weight_of_items (const NileExpedition *self,
                 gboolean              bonus_only)
{
  int weight = 0;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (fields[i].is_item && (fields[i].is_bonus || !bonus_only))
      weight += nile_expedition_get_value (self, &fields[i]) * fields[i].weight;

  return weight;
}

int
nile_expedition_item_weight (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return weight_of_items (self, FALSE);
}

int
nile_expedition_bonus_weight (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return weight_of_items (self, TRUE);
}

int
nile_expedition_people_carried (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  if (self->mode == NILE_TRAVEL_MODE_CANOE)
    return nile_expedition_people (self);

  return nile_expedition_sick_people (self);
}

int
nile_expedition_portage_cost (const NileExpedition *self,
                              gboolean              around_cataract)
{
  g_return_val_if_fail (self != NULL, 0);

  /* Around a cataract the healthy walk and the canoes are carried; the
   * rulebook's example (2 canoes and 80 items, 8 bearers, 2 trips) counts
   * no one else. */
  if (around_cataract)
    return nile_expedition_item_weight (self) +
           nile_expedition_sick_people (self) * NILE_WEIGHT_PERSON +
           self->canoes * NILE_WEIGHT_CANOE;

  return nile_expedition_item_weight (self) +
         nile_expedition_people_carried (self) * NILE_WEIGHT_PERSON;
}

/* Only the pack animals a bearer leads carry; the others wander off
 * (R 5.4113, 5.428), mounted or on foot. */
static int
pack_mounts_led (const NileExpedition *self)
{
  return MIN (nile_expedition_pack_mounts (self),
              nile_expedition_working_bearers (self) * NILE_PACK_ANIMALS_PER_LEADER);
}

/* Only the ride mounts someone rides carry; one more than there are
 * riders wanders off with the unled (R 5.428). The sick are carried. */
static int
ride_mounts_ridden (const NileExpedition *self)
{
  return MIN (nile_expedition_ride_mounts (self), nile_expedition_healthy_people (self));
}

/* On foot, bearers leading pack animals carry nothing themselves. */
static void
foot_carriers (const NileExpedition *self,
               int                  *carrying,
               int                  *led)
{
  int working = nile_expedition_working_bearers (self);
  int leaders = MIN (nile_expedition_leaders_needed (self), working);

  *carrying = working - leaders;
  *led = pack_mounts_led (self);
}

int
nile_expedition_capability (const NileExpedition *self)
{
  int carrying, led;

  g_return_val_if_fail (self != NULL, 0);

  switch (nile_expedition_travel_mode (self))
    {
    case NILE_TRAVEL_MODE_FOOT:
      foot_carriers (self, &carrying, &led);
      return carrying * NILE_BEARER_CAPACITY + led * NILE_PACK_MOUNT_CAPACITY;

    case NILE_TRAVEL_MODE_CANOE:
      return self->canoes * NILE_CANOE_CAPACITY;

    case NILE_TRAVEL_MODE_MOUNTED:
      return ride_mounts_ridden (self) * NILE_RIDE_MOUNT_CAPACITY +
             pack_mounts_led (self) * NILE_PACK_MOUNT_CAPACITY;

    default:
      g_return_val_if_reached (0);
    }
}

int
nile_expedition_excess (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return MAX (0, nile_expedition_portage_cost (self, FALSE) - nile_expedition_capability (self));
}

static void
append_term (GString    *text,
             const char *name,
             int         count,
             int         weight)
{
  if (count == 0)
    return;

  if (text->str[text->len - 1] != ' ')
    g_string_append (text, ", ");

  if (weight == 1)
    g_string_append_printf (text, "%s %d", name, count);
  else
    g_string_append_printf (text, "%s %d × %d", name, count, weight);
}

char *
nile_expedition_describe_load (const NileExpedition *self)
{
  g_autoptr(GString) text = NULL;
  int portage, capability, carrying, led;

  g_return_val_if_fail (self != NULL, NULL);

  portage = nile_expedition_portage_cost (self, FALSE);
  capability = nile_expedition_capability (self);
  text = g_string_new (NULL);

  g_string_append_printf (text, _("Load %d: "), portage);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (fields[i].is_item)
      append_term (text, nile_display_field (fields[i].name), nile_expedition_get_value (self, &fields[i]),
                   fields[i].weight);
  append_term (text, _("people carried"), nile_expedition_people_carried (self),
               NILE_WEIGHT_PERSON);
  if (portage == 0)
    g_string_append (text, _("nothing"));
  g_string_append_c (text, '\n');

  g_string_append_printf (text, _("Can carry %d: "), capability);
  switch (nile_expedition_travel_mode (self))
    {
    case NILE_TRAVEL_MODE_FOOT:
      foot_carriers (self, &carrying, &led);
      append_term (text, _("bearers carrying"), carrying, NILE_BEARER_CAPACITY);
      append_term (text, _("pack animals led"), led, NILE_PACK_MOUNT_CAPACITY);
      break;
    case NILE_TRAVEL_MODE_CANOE:
      append_term (text, _("canoes"), self->canoes, NILE_CANOE_CAPACITY);
      break;
    case NILE_TRAVEL_MODE_MOUNTED:
      append_term (text, _("ride mounts"), ride_mounts_ridden (self), NILE_RIDE_MOUNT_CAPACITY);
      append_term (text, _("pack mounts"), pack_mounts_led (self), NILE_PACK_MOUNT_CAPACITY);
      break;
    default:
      g_assert_not_reached ();
    }
  if (capability == 0)
    g_string_append (text, _("nothing"));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

int
nile_expedition_cataract_trips (const NileExpedition *self)
{
  int per_trip;

  g_return_val_if_fail (self != NULL, -1);

  per_trip = nile_expedition_working_bearers (self) * NILE_BEARER_CAPACITY;
  if (per_trip == 0)
    return -1;

  return (nile_expedition_portage_cost (self, TRUE) + per_trip - 1) / per_trip;
}

int
nile_expedition_crew_per_canoe (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  if (self->canoes == 0)
    return 0;

  return nile_expedition_working_bearers (self) / self->canoes;
}

/* ---- Where the expedition stands ---------------------------------- */

gboolean
nile_locale_is_desert (const NileLocale *locale)
{
  g_return_val_if_fail (locale != NULL, FALSE);

  return locale->terrain == NILE_TERRAIN_DESERT;
}

gboolean
nile_locale_is_dry (const NileLocale *locale)
{
  return nile_locale_is_desert (locale) && !locale->river && !locale->oasis;
}

gboolean
nile_locale_provides_food (const NileLocale *locale)
{
  g_return_val_if_fail (locale != NULL, FALSE);

  return locale->cape_colony || locale->friendly_tribe;
}

gboolean
nile_terrain_has_swamp (NileTerrain terrain)
{
  return terrain == NILE_TERRAIN_SWAMP || terrain == NILE_TERRAIN_JUNGLE_SWAMP;
}

gboolean
nile_terrain_has_jungle (NileTerrain terrain)
{
  return terrain == NILE_TERRAIN_JUNGLE ||
         terrain == NILE_TERRAIN_JUNGLE_SWAMP ||
         terrain == NILE_TERRAIN_JUNGLE_MOUNTAIN;
}

/* ---- What the rules forbid ---------------------------------------- */

void
nile_expedition_warning_free (NileExpeditionWarning *warning)
{
  if (warning == NULL)
    return;

  g_free (warning->text);
  g_free (warning);
}

G_GNUC_PRINTF (3, 4)
static void
add_warning (GPtrArray  *warnings,
             const char *code,
             const char *format,
             ...)
{
  NileExpeditionWarning *warning = g_new (NileExpeditionWarning, 1);
  va_list args;

  va_start (args, format);
  warning->code = code;
  warning->text = g_strdup_vprintf (format, args);
  va_end (args);

  g_ptr_array_add (warnings, warning);
}

static void
check_canoes (const NileExpedition *self,
              GPtrArray            *warnings)
{
  int crew, penalty;

  if (self->canoes == 0)
    {
      add_warning (warnings, "no-canoes",
                   _("A canoe expedition without canoes cannot move by water"));
      return;
    }

  if (nile_expedition_ride_mounts (self) + nile_expedition_pack_mounts (self) > 0)
    add_warning (warnings, "animals-in-canoes",
                 _("Animals cannot travel in canoes: release them or travel on foot"));

  crew = nile_expedition_crew_per_canoe (self);
  penalty = nile_movement_crew_penalty (crew);
  if (penalty < 0)
    add_warning (warnings, "canoe-crew-short",
                 _("Not one bearer per canoe: the canoes can only drift downstream"));
  else if (penalty > 0)
    add_warning (warnings, "canoe-crew-short",
                 /* Translators: the crew of each canoe, then the movement points lost */
                 _("Crew of %d a canoe, 8 needed for full speed: −%d MP (R 9.22–9.25)"),
                 crew, penalty);
}

static void
check_animals (const NileExpedition *self,
               GPtrArray            *warnings)
{
  int pack = nile_expedition_pack_mounts (self);
  int leaders = nile_expedition_leaders_needed (self);
  int working = nile_expedition_working_bearers (self);

  if (self->mode == NILE_TRAVEL_MODE_MOUNTED)
    {
      int riders = nile_expedition_healthy_people (self);
      int mounts = nile_expedition_ride_mounts (self);

      if (mounts < riders)
        {
          g_autofree char *ride_mounts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d ride mount",
                                                                       "%d ride mounts", mounts),
                                                          mounts);

          add_warning (warnings, "not-all-mounted",
                       /* Translators: %s is the ride mounts, e.g. "3 ride mounts" */
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%d person to mount but %s: until everyone rides, the expedition"
                                    " moves and carries on foot (R 5.423)",
                                    "%d people to mount but %s: until everyone rides, the expedition"
                                    " moves and carries on foot (R 5.423)",
                                    riders),
                       riders, ride_mounts);
        }
      else if (mounts > riders)
        {
          g_autofree char *people = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d person", "%d people",
                                                                  riders),
                                                     riders);

          add_warning (warnings, "ride-mounts-riderless",
                       /* Translators: %s is the people, e.g. "2 people" */
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%d ride mount but %s to ride: a mount neither ridden nor led wanders off"
                                    " (R 5.428)",
                                    "%d ride mounts but %s to ride them: a mount neither ridden nor led"
                                    " wanders off (R 5.428)",
                                    mounts),
                       mounts, people);
        }
    }

  if (leaders > working)
    {
      g_autofree char *needed = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d bearer", "%d bearers", leaders),
                                                 leaders);
      g_autofree char *there = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d bearer", "%d bearers", working),
                                                working);

      add_warning (warnings, "pack-animals-unled",
                   /* Translators: the %s are bearers, e.g. "2 bearers", needed and there */
                   g_dngettext (GETTEXT_PACKAGE,
                                "%d pack animal needs %s to lead it but the expedition has %s: unled animals"
                                " wander off",
                                "%d pack animals need %s to lead them but the expedition has %s: unled animals"
                                " wander off",
                                pack),
                   pack, needed, there);
    }
}

static void
check_terrain (const NileExpedition *self,
               const NileLocale     *locale,
               GPtrArray            *warnings)
{
  int horses = nile_expedition_horses (self);
  int camels = nile_expedition_camels (self);

  if (horses > 0 && nile_terrain_has_swamp (locale->terrain))
    add_warning (warnings, "horses-in-swamp", _("Horses cannot enter swamp"));

  if (horses > 0 && locale->terrain == NILE_TERRAIN_LAKE)
    add_warning (warnings, "horses-in-lake", _("Horses cannot enter a lake"));

  if (camels > 0 && (nile_terrain_has_jungle (locale->terrain) ||
                     nile_terrain_has_swamp (locale->terrain) ||
                     locale->terrain == NILE_TERRAIN_LAKE))
    add_warning (warnings, "camels-forbidden-terrain",
                 _("Camels cannot enter jungle, swamp or lake"));
}

GPtrArray *
nile_expedition_warnings (const NileExpedition *self,
                          const NileLocale     *locale)
{
  GPtrArray *warnings;
  int excess;

  g_return_val_if_fail (self != NULL, NULL);

  warnings = g_ptr_array_new_with_free_func ((GDestroyNotify) nile_expedition_warning_free);

  excess = nile_expedition_excess (self);
  if (excess > 0)
    add_warning (warnings, "overloaded",
                 _("Carrying %d but able to carry %d: %d too much; cache, discard or discharge until it fits"),
                 nile_expedition_portage_cost (self, FALSE),
                 nile_expedition_capability (self), excess);

  if (self->mode == NILE_TRAVEL_MODE_CANOE)
    check_canoes (self, warnings);
  else
    check_animals (self, warnings);

  if (locale != NULL)
    check_terrain (self, locale, warnings);

  return warnings;
}

/* ---- Food and water ----------------------------------------------- */

int
nile_expedition_mouths (const NileExpedition *self,
                        const NileLocale     *locale)
{
  g_return_val_if_fail (self != NULL && locale != NULL, 0);

  if (nile_locale_provides_food (locale))
    return 0;

  return nile_expedition_people (self);
}

int
nile_expedition_horse_rations (const NileExpedition *self,
                               const NileLocale     *locale)
{
  g_return_val_if_fail (self != NULL && locale != NULL, 0);

  if (!nile_locale_is_desert (locale) || nile_locale_provides_food (locale))
    return 0;

  return nile_expedition_horses (self) * NILE_HORSE_DESERT_RATIONS;
}

int
nile_expedition_water_for_turn (const NileExpedition *self,
                                int                   desert_turn)
{
  gboolean camels_drink = desert_turn > 0 && desert_turn % 2 == 0;

  g_return_val_if_fail (self != NULL, 0);

  return nile_expedition_people (self) * NILE_WATER_PER_PERSON +
         nile_expedition_horses (self) * NILE_WATER_PER_HORSE +
         (camels_drink ? nile_expedition_camels (self) * NILE_WATER_PER_CAMEL : 0);
}

int
nile_expedition_water_needed (const NileExpedition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return nile_expedition_water_for_turn (self, self->desert_turns + 1);
}

static const gsize animal_offsets[] = {
  G_STRUCT_OFFSET (NileExpedition, ride_horses),
  G_STRUCT_OFFSET (NileExpedition, pack_horses),
  G_STRUCT_OFFSET (NileExpedition, ride_camels),
  G_STRUCT_OFFSET (NileExpedition, pack_camels),
};

static gboolean
is_animal (const NileExpeditionField *field)
{
  for (gsize i = 0; i < G_N_ELEMENTS (animal_offsets); i++)
    if (field->offset == animal_offsets[i])
      return TRUE;

  return FALSE;
}

gboolean
nile_expedition_shoot_animals (NileExpedition  *self,
                               const char      *animal,
                               int              count,
                               GError         **error)
{
  const NileExpeditionField *field;
  int present;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  field = nile_expedition_find_field (animal);
  if (field == NULL || !is_animal (field))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("Only horses and camels can be shot for food, not “%s”"),
                   animal != NULL ? animal : "");
      return FALSE;
    }

  present = MEMBER (self, field->offset);
  if (count < 0 || count > present)
    {
      if (present == 0)
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("The expedition has no %s to shoot"), nile_display_field (field->name));
      else
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("Cannot shoot %d %s: the expedition has %d"), count, nile_display_field (field->name),
                     present);
      return FALSE;
    }

  if ((gint64) self->fresh_rations + (gint64) count * NILE_SHOT_ANIMAL_RATIONS > G_MAXINT)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Too many fresh rations to count"));
      return FALSE;
    }

  MEMBER (self, field->offset) = present - count;
  self->fresh_rations += count * NILE_SHOT_ANIMAL_RATIONS;
  return TRUE;
}

/* ---- Losses of carriers ------------------------------------------- */

static int
share_lost (int count,
            int lost,
            int carriers)
{
  return (int) ((gint64) count * lost / carriers);
}

/* Bonus items go only when the carriers left cannot carry them even
 * after everything else is swapped out for them; the heaviest go first
 * so that as many discoveries as possible stay. */
static void
drop_bonus_to_fit (NileExpedition *self)
{
  int capability = nile_expedition_capability (self);
  int over = nile_expedition_bonus_weight (self) - capability;

  while (over > 0)
    {
      const NileExpeditionField *heaviest = NULL;
      int count, dropped;

      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        if (fields[i].is_bonus && nile_expedition_get_value (self, &fields[i]) > 0 &&
            (heaviest == NULL || fields[i].weight > heaviest->weight))
          heaviest = &fields[i];

      g_assert (heaviest != NULL);

      count = MEMBER (self, heaviest->offset);
      dropped = MIN (count, (over + heaviest->weight - 1) / heaviest->weight);
      MEMBER (self, heaviest->offset) = count - dropped;
      over -= dropped * heaviest->weight;
    }
}

gboolean
nile_expedition_lose_carriers (const NileExpedition  *self,
                               int                    lost,
                               NileExpedition        *result,
                               GError               **error)
{
  NileExpedition after;
  int *carrier_count;
  int carriers;

  g_return_val_if_fail (self != NULL && result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  after = *self;

  /* Mounted but short of ride mounts, it is on foot: bearers carry. */
  switch (nile_expedition_travel_mode (self))
    {
    case NILE_TRAVEL_MODE_FOOT:
      carrier_count = &after.bearers;
      break;
    case NILE_TRAVEL_MODE_CANOE:
      carrier_count = &after.canoes;
      break;
    case NILE_TRAVEL_MODE_MOUNTED:
    default:
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("A mounted expedition loses named animals, not a share of its carriers"));
      return FALSE;
    }

  carriers = *carrier_count;
  if (lost < 0 || lost > carriers)
    {
      if (carrier_count == &after.canoes)
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     g_dngettext (GETTEXT_PACKAGE, "Cannot lose %d canoe out of %d",
                                  "Cannot lose %d canoes out of %d", ABS (lost)),
                     lost, carriers);
      else
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     g_dngettext (GETTEXT_PACKAGE, "Cannot lose %d bearer out of %d",
                                  "Cannot lose %d bearers out of %d", ABS (lost)),
                     lost, carriers);
      return FALSE;
    }

  if (lost > 0)
    {
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        if (fields[i].is_item && !fields[i].is_bonus)
          MEMBER (&after, fields[i].offset) -=
            share_lost (MEMBER (self, fields[i].offset), lost, carriers);

      /* The people carried go down with their carriers too: the sick on
       * foot, everyone but the explorer in canoes (his own fate is the
       * disaster death roll's, R 11.45). */
      if (self->mode == NILE_TRAVEL_MODE_CANOE)
        {
          for (gsize i = 0; i < G_N_ELEMENTS (person_offsets); i++)
            MEMBER (&after, person_offsets[i]) -=
              share_lost (MEMBER (self, person_offsets[i]), lost, carriers);
        }
      else
        {
          for (gsize i = 0; i < G_N_ELEMENTS (sick_offsets); i++)
            MEMBER (&after, sick_offsets[i]) -=
              share_lost (MEMBER (self, sick_offsets[i]), lost, carriers);
        }

      *carrier_count = carriers - lost;
      drop_bonus_to_fit (&after);
    }

  *result = after;
  return TRUE;
}

/* ---- Escaping a defeat -------------------------------------------- */

/* A member is any one person, animal or canoe (R 15.22): the sick are
 * people too. */
static const char * const member_names[] = {
  "bearers", "sick_bearers", "guides", "sick_guides", "askaris", "sick_askaris",
  "ride_horses", "pack_horses", "ride_camels", "pack_camels", "canoes", NULL
};

const char * const *
nile_expedition_member_names (void)
{
  return member_names;
}

int
nile_expedition_count_members (const NileExpedition *self)
{
  int n = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; member_names[i] != NULL; i++)
    n += nile_expedition_get_value (self, nile_expedition_find_field (member_names[i]));
  return n;
}

gboolean
nile_expedition_escape_with (const NileExpedition  *self,
                             const NileExpedition  *chosen,
                             NileExpedition        *result,
                             GError               **error)
{
  NileExpedition loads;
  NileExpedition after;
  NileTravelMode mode;
  int carriers = 0, kept_carriers = 0;

  g_return_val_if_fail (self != NULL && chosen != NULL && result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; member_names[i] != NULL; i++)
    {
      const NileExpeditionField *field = nile_expedition_find_field (member_names[i]);
      int want = nile_expedition_get_value (chosen, field);
      int have = nile_expedition_get_value (self, field);

      if (want < 0 || want > have)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("He cannot escape with %d %s: the expedition has %d"), want,
                       nile_display_field (field->name), have);
          return FALSE;
        }
    }

  /* The loads: what the carriers he keeps carry, the share of each
   * kind left when all the others are lost (R 15.23, 11.3). Without
   * carriers of the way he travels nothing is carried away. */
  mode = nile_expedition_travel_mode (self);
  if (mode == NILE_TRAVEL_MODE_FOOT)
    {
      carriers = self->bearers;
      kept_carriers = chosen->bearers;
    }
  else if (mode == NILE_TRAVEL_MODE_CANOE)
    {
      carriers = self->canoes;
      kept_carriers = chosen->canoes;
    }

  loads = *self;
  if (carriers > 0)
    {
      if (!nile_expedition_lose_carriers (self, carriers - kept_carriers, &loads, error))
        return FALSE;
    }
  if (carriers == 0 || kept_carriers == 0)
    for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
      if (fields[i].is_item && !fields[i].is_bonus)
        MEMBER (&loads, fields[i].offset) = 0;

  after = *self;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (fields[i].is_item)
      MEMBER (&after, fields[i].offset) = MEMBER (&loads, fields[i].offset);
  for (guint i = 0; member_names[i] != NULL; i++)
    {
      const NileExpeditionField *field = nile_expedition_find_field (member_names[i]);

      MEMBER (&after, field->offset) = nile_expedition_get_value (chosen, field);
    }

  /* No canoe left, no mount to ride: he goes on foot. */
  if ((after.mode == NILE_TRAVEL_MODE_CANOE && after.canoes == 0) ||
      (after.mode == NILE_TRAVEL_MODE_MOUNTED && nile_expedition_ride_mounts (&after) == 0))
    after.mode = NILE_TRAVEL_MODE_FOOT;

  drop_bonus_to_fit (&after);
  *result = after;
  return TRUE;
}
