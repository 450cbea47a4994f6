/* nile-roll-result.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-roll-result"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-expedition.h"
#include "nile-roll-result.h"

/* The effect kinds, once: their nick (the spelling in JSON, the campaign
 * log and the command line), what each means for the expedition, and
 * the amounts it can carry. A count is never negative; what happens
 * once (the explorer dies, the tribe turns friendly) is 1; the bounds
 * keep every sum of them well inside an int. */
#define MOST NILE_EXPEDITION_MAX_COUNT

static const struct {
  const char *nick;
  const char *description;
  int         min;
  int         max;
} effect_kinds[NILE_N_EFFECTS] = {
  [NILE_EFFECT_FRESH_RATIONS] = { "fresh-rations", N_("Fresh rations gained; they spoil at the end of the turn"),
                                  0, MOST },
  [NILE_EFFECT_RATIONS] = { "rations", N_("Rations that keep, gained (or lost when negative)"), -MOST, MOST },
  [NILE_EFFECT_GIFTS] = { "gifts", N_("Gifts gained (or lost when negative)"), -MOST, MOST },
  [NILE_EFFECT_MUSKETS] = { "muskets", N_("Muskets gained (or lost when negative)"), -MOST, MOST },
  [NILE_EFFECT_CAMELS] = { "camels", N_("Camels gained"), 0, MOST },
  [NILE_EFFECT_CANOES] = { "canoes", N_("Canoes gained"), 0, MOST },
  [NILE_EFFECT_CANOES_LOST] = { "canoes-lost", N_("Canoes lost with everyone and everything in them"), 0, MOST },
  [NILE_EFFECT_ASKARIS_KILLED] = { "askaris-killed", N_("Askaris killed"), 0, MOST },
  [NILE_EFFECT_NATIVES_KILLED] = { "natives-killed", N_("Warriors of the tribe killed"), 0, MOST },
  [NILE_EFFECT_PRISONERS] = { "prisoners", N_("Natives taken prisoner: bearers, or released"), 0, MOST },
  [NILE_EFFECT_TRIBE_FRIENDLY] = { "tribe-friendly", N_("The tribe is friendly to this explorer while he lives"), 1, 1 },
  [NILE_EFFECT_TRIBE_HOSTILE] = { "tribe-hostile", N_("The tribe is hostile and takes action"), 1, 1 },
  [NILE_EFFECT_TRIBE_ATTITUDE] = { "tribe-attitude", N_("Change in the tribe’s attitude number toward this explorer"),
                                   -MOST, MOST },
  [NILE_EFFECT_EXPLORER_DIES] = { "explorer-dies", N_("The explorer dies"), 1, 1 },
  [NILE_EFFECT_EXPLORER_SICK] = { "explorer-sick", N_("The explorer falls sick"), 1, 1 },
  [NILE_EFFECT_EXPLORER_CAPTIVE] = { "explorer-captive", N_("The explorer is held prisoner by the tribe"), 1, 1 },
  /* The amount is how many members he gets away with (R 15.21). */
  [NILE_EFFECT_EXPLORER_ESCAPES] = { "explorer-escapes", N_("The explorer gets away"), 0, MOST },
  [NILE_EFFECT_EXPEDITION_SCATTERED] = { "expedition-scattered",
                                         N_("The expedition is gone: everyone and everything not kept is lost"), 1, 1 },
  [NILE_EFFECT_KEEPS] = { "keeps", N_("Something the explorer keeps from his scattered expedition"), 0, MOST },
  [NILE_EFFECT_LOST] = { "lost", N_("The expedition is lost: no further move this turn"), 1, 1 },
  [NILE_EFFECT_GUIDE_DESERTS] = { "guide-deserts", N_("One guide deserts"), 1, 1 },
  [NILE_EFFECT_CACHE_GONE] = { "cache-gone", N_("The cache has disappeared"), 1, 1 },
  [NILE_EFFECT_ANIMALS_KILLED] = { "animals-killed", N_("Animals shot"), 0, MOST },
  [NILE_EFFECT_PERSON_SPARED] = { "person-spared",
                                  N_("A person the disaster named lives, because the explorer died instead"), 1, 1 },
  [NILE_EFFECT_RECOVERS] = { "recovers", N_("A sick person recovers"), 0, MOST },
  [NILE_EFFECT_SICK_DIES] = { "dies", N_("A sick person dies"), 0, MOST },
};

#undef MOST

typedef struct {
  char     *name;
  GVariant *value;
} Extra;

struct _NileRollResult
{
  GObject            parent_instance;

  char              *roll;
  NileEdition        edition;
  GVariant          *inputs;
  NileRollStatus     status;
  GArray            *dice;       /* guint8 */
  GArray            *modifiers;  /* NileRollModifier, made on first use */
  GArray            *effects;    /* NileRollEffect, made on first use */
  GArray            *steps;      /* NileRollStep, made on first use */
  GArray            *extras;     /* Extra in the order set, made on first use */
  gboolean           has_total;
  int                total;
  char              *outcome;
  char              *text;

  gboolean           has_cell;
  char              *cell_sheet;
  GVariant          *cell_coords;
  char              *cell_value;
  NileRollCellState  cell_state;
};

G_DEFINE_FINAL_TYPE (NileRollResult, nile_roll_result, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ROLL,
  PROP_EDITION,
  PROP_INPUTS,
  PROP_STATUS,
  PROP_OUTCOME,
  PROP_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Their nicks are how a stored result spells them. */
G_DEFINE_ENUM_TYPE (NileRollStatus, nile_roll_status,
  G_DEFINE_ENUM_VALUE (NILE_ROLL_STATUS_DONE, "done"),
  G_DEFINE_ENUM_VALUE (NILE_ROLL_STATUS_NEEDS_CELL, "needs-cell"))

G_DEFINE_ENUM_TYPE (NileRollCellState, nile_roll_cell_state,
  G_DEFINE_ENUM_VALUE (NILE_ROLL_CELL_KNOWN, "known"),
  G_DEFINE_ENUM_VALUE (NILE_ROLL_CELL_SUGGESTED, "suggested"),
  G_DEFINE_ENUM_VALUE (NILE_ROLL_CELL_BLANK, "blank"),
  G_DEFINE_ENUM_VALUE (NILE_ROLL_CELL_LEARNED, "learned"))

const char *
nile_effect_kind_to_nick (NileEffectKind kind)
{
  g_return_val_if_fail (kind < NILE_N_EFFECTS, NULL);
  return effect_kinds[kind].nick;
}

gboolean
nile_effect_kind_from_nick (const char     *nick,
                            NileEffectKind *kind)
{
  for (guint i = 0; i < NILE_N_EFFECTS; i++)
    if (g_strcmp0 (effect_kinds[i].nick, nick) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

const char *
nile_effect_kind_get_description (NileEffectKind kind)
{
  g_return_val_if_fail (kind < NILE_N_EFFECTS, NULL);
  return _(effect_kinds[kind].description);
}

/**
 * nile_effect_kind_check_amount:
 * @kind: the effect's kind
 * @amount: its amount, as given
 * @what: the effect for the player, as he gave it ("“explorer_dies”")
 * @error: return location for a NILE_ERROR_INVALID_INPUT
 *
 * Checks that @amount is one an effect of @kind can carry: a roll's
 * result as apply-roll takes it, or an effect given to apply-effects
 * that is one of these kinds. Nothing else refuses an impossible one,
 * which would run backwards (−5 askaris killed, 5 more askaris) or do
 * what its kind says whatever the number (an explorer who "dies −1").
 */
gboolean
nile_effect_kind_check_amount (NileEffectKind   kind,
                               gint64           amount,
                               const char      *what,
                               GError         **error)
{
  g_autofree char *given = NULL;
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;

  g_return_val_if_fail (kind < NILE_N_EFFECTS, FALSE);
  g_return_val_if_fail (what != NULL, FALSE);

  if (amount >= effect_kinds[kind].min && amount <= effect_kinds[kind].max)
    return TRUE;

  given = nile_format_number (amount);
  low = nile_format_number (effect_kinds[kind].min);
  high = nile_format_number (effect_kinds[kind].max);
  if (effect_kinds[kind].min == effect_kinds[kind].max)
    g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("%s must be %s, not %s"), what, low, given);
  else
    g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("%s must be from %s to %s, not %s"),
                 what, low, high, given);
  return FALSE;
}

const char *
nile_roll_status_to_nick (NileRollStatus status)
{
  return nile_enum_to_nick (NILE_TYPE_ROLL_STATUS, status);
}

const char *
nile_roll_cell_state_to_nick (NileRollCellState state)
{
  return nile_enum_to_nick (NILE_TYPE_ROLL_CELL_STATE, state);
}

/* The arrays own the strings their public records point to. */
static void
modifier_clear (gpointer data)
{
  NileRollModifier *modifier = data;

  g_free ((char *) modifier->reason);
}

static void
effect_clear (gpointer data)
{
  NileRollEffect *effect = data;

  g_free ((char *) effect->what);
}

static void
step_clear (gpointer data)
{
  NileRollStep *step = data;

  g_free ((char *) step->name);
  g_free ((char *) step->text);
}

static void
extra_clear (gpointer data)
{
  Extra *extra = data;

  g_free (extra->name);
  g_variant_unref (extra->value);
}

static void
nile_roll_result_finalize (GObject *object)
{
  NileRollResult *self = NILE_ROLL_RESULT (object);

  g_clear_pointer (&self->roll, g_free);
  g_clear_pointer (&self->inputs, g_variant_unref);
  g_clear_pointer (&self->dice, g_array_unref);
  g_clear_pointer (&self->modifiers, g_array_unref);
  g_clear_pointer (&self->effects, g_array_unref);
  g_clear_pointer (&self->steps, g_array_unref);
  g_clear_pointer (&self->extras, g_array_unref);
  g_clear_pointer (&self->outcome, g_free);
  g_clear_pointer (&self->text, g_free);
  g_clear_pointer (&self->cell_sheet, g_free);
  g_clear_pointer (&self->cell_coords, g_variant_unref);
  g_clear_pointer (&self->cell_value, g_free);

  G_OBJECT_CLASS (nile_roll_result_parent_class)->finalize (object);
}

static void
nile_roll_result_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  NileRollResult *self = NILE_ROLL_RESULT (object);

  switch (prop_id)
    {
    case PROP_ROLL:
      g_value_set_string (value, self->roll);
      break;

    case PROP_EDITION:
      g_value_set_enum (value, self->edition);
      break;

    case PROP_INPUTS:
      g_value_set_variant (value, self->inputs);
      break;

    case PROP_STATUS:
      g_value_set_string (value, nile_roll_status_to_nick (self->status));
      break;

    case PROP_OUTCOME:
      g_value_set_string (value, self->outcome);
      break;

    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_roll_result_class_init (NileRollResultClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_roll_result_finalize;
  object_class->get_property = nile_roll_result_get_property;

  properties[PROP_ROLL] =
    g_param_spec_string ("roll", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_EDITION] =
    g_param_spec_enum ("edition", NULL, NULL,
                       NILE_TYPE_EDITION, NILE_EDITION_AH,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_INPUTS] =
    g_param_spec_variant ("inputs", NULL, NULL,
                          G_VARIANT_TYPE_VARDICT, NULL,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, NULL, "done",
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_OUTCOME] =
    g_param_spec_string ("outcome", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_roll_result_init (NileRollResult *self)
{
  self->dice = g_array_sized_new (FALSE, FALSE, sizeof (guint8), 8);
}

/**
 * nile_roll_result_new:
 * @roll: the roll's name
 * @edition: the edition it followed
 * @inputs: (nullable): an a{sv} of the inputs; a floating one is sunk
 */
NileRollResult *
nile_roll_result_new (const char  *roll,
                      NileEdition  edition,
                      GVariant    *inputs)
{
  NileRollResult *self;

  g_return_val_if_fail (roll != NULL, NULL);
  g_return_val_if_fail (inputs == NULL ||
                        g_variant_is_of_type (inputs, G_VARIANT_TYPE_VARDICT), NULL);

  self = g_object_new (NILE_TYPE_ROLL_RESULT, NULL);
  self->roll = g_strdup (roll);
  self->edition = edition;
  if (inputs != NULL)
    self->inputs = g_variant_ref_sink (inputs);
  else
    self->inputs = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));

  return self;
}

const char *
nile_roll_result_get_roll (NileRollResult *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);
  return self->roll;
}

NileEdition
nile_roll_result_get_edition (NileRollResult *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NILE_EDITION_AH);
  return self->edition;
}

GVariant *
nile_roll_result_get_inputs (NileRollResult *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);
  return self->inputs;
}

NileRollStatus
nile_roll_result_get_status (NileRollResult *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NILE_ROLL_STATUS_DONE);
  return self->status;
}

void
nile_roll_result_add_die (NileRollResult *self,
                          guint           value)
{
  guint8 die = (guint8) value;

  g_return_if_fail (NILE_IS_ROLL_RESULT (self));
  g_return_if_fail (value >= 1 && value <= 6);

  g_array_append_val (self->dice, die);
}

guint
nile_roll_result_get_n_dice (NileRollResult *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), 0);
  return self->dice->len;
}

const guint8 *
nile_roll_result_get_dice (NileRollResult *self,
                           guint          *n_dice)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);
  if (n_dice != NULL)
    *n_dice = self->dice->len;
  return (const guint8 *) self->dice->data;
}

void
nile_roll_result_add_modifier (NileRollResult *self,
                               const char     *reason,
                               int             value)
{
  NileRollModifier modifier = { g_strdup (reason), value };

  g_return_if_fail (NILE_IS_ROLL_RESULT (self));
  g_return_if_fail (reason != NULL);

  if (self->modifiers == NULL)
    {
      self->modifiers = g_array_new (FALSE, FALSE, sizeof (NileRollModifier));
      g_array_set_clear_func (self->modifiers, modifier_clear);
    }
  g_array_append_val (self->modifiers, modifier);
}

const NileRollModifier *
nile_roll_result_get_modifiers (NileRollResult *self,
                                guint          *n_modifiers)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);

  *n_modifiers = self->modifiers != NULL ? self->modifiers->len : 0;
  return self->modifiers != NULL ? (const NileRollModifier *) self->modifiers->data : NULL;
}

void
nile_roll_result_set_total (NileRollResult *self,
                            int             total)
{
  g_return_if_fail (NILE_IS_ROLL_RESULT (self));

  self->has_total = TRUE;
  self->total = total;
}

gboolean
nile_roll_result_get_total (NileRollResult *self,
                            int            *total)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), FALSE);

  if (total != NULL)
    *total = self->total;
  return self->has_total;
}

void
nile_roll_result_set_outcome (NileRollResult *self,
                              const char     *outcome)
{
  char *new_outcome;

  g_return_if_fail (NILE_IS_ROLL_RESULT (self));

  /* Copy before freeing: @outcome may be the string being replaced. */
  new_outcome = g_strdup (outcome);
  g_free (self->outcome);
  self->outcome = new_outcome;
}

const char *
nile_roll_result_get_outcome (NileRollResult *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);
  return self->outcome;
}

void
nile_roll_result_add_effect (NileRollResult *self,
                             NileEffectKind  kind,
                             int             amount,
                             const char     *what)
{
  NileRollEffect effect = { kind, amount, g_strdup (what) };

  g_return_if_fail (NILE_IS_ROLL_RESULT (self));
  g_return_if_fail (kind < NILE_N_EFFECTS);

  if (self->effects == NULL)
    {
      self->effects = g_array_new (FALSE, FALSE, sizeof (NileRollEffect));
      g_array_set_clear_func (self->effects, effect_clear);
    }
  g_array_append_val (self->effects, effect);
}

/**
 * nile_roll_result_check_effects:
 * @self: a roll's result
 * @error: return location for a NILE_ERROR_INVALID_INPUT
 *
 * Checks every effect of @self with nile_effect_kind_check_amount(). A
 * result read from the log or typed in is not checked when read, so
 * that a log stays readable; whatever writes its effects into the books
 * checks them first.
 */
gboolean
nile_roll_result_check_effects (NileRollResult  *self,
                                GError         **error)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), FALSE);

  for (guint i = 0; self->effects != NULL && i < self->effects->len; i++)
    {
      const NileRollEffect *effect = &g_array_index (self->effects, NileRollEffect, i);
      g_autofree char *what = g_strdup_printf (_("The roll’s effect “%s”"), effect_kinds[effect->kind].nick);

      if (!nile_effect_kind_check_amount (effect->kind, effect->amount, what, error))
        return FALSE;
    }
  return TRUE;
}

const NileRollEffect *
nile_roll_result_get_effects (NileRollResult *self,
                              guint          *n_effects)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);

  *n_effects = self->effects != NULL ? self->effects->len : 0;
  return self->effects != NULL ? (const NileRollEffect *) self->effects->data : NULL;
}

int
nile_roll_result_sum_effect (NileRollResult *self,
                             NileEffectKind  kind)
{
  int sum = 0;

  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), 0);

  for (guint i = 0; self->effects != NULL && i < self->effects->len; i++)
    {
      const NileRollEffect *effect = &g_array_index (self->effects, NileRollEffect, i);

      if (effect->kind == kind)
        sum += effect->amount;
    }
  return sum;
}

gboolean
nile_roll_result_has_effect (NileRollResult *self,
                             NileEffectKind  kind)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), FALSE);

  for (guint i = 0; self->effects != NULL && i < self->effects->len; i++)
    if (g_array_index (self->effects, NileRollEffect, i).kind == kind)
      return TRUE;
  return FALSE;
}

/**
 * nile_roll_result_add_step:
 * @first_die: the number of dice the result held when the step began;
 *   the step owns every die added since
 */
void
nile_roll_result_add_step (NileRollResult *self,
                           const char     *name,
                           guint           first_die,
                           const char     *text)
{
  NileRollStep step;

  g_return_if_fail (NILE_IS_ROLL_RESULT (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (first_die <= self->dice->len);

  step.name = g_strdup (name);
  step.first_die = first_die;
  step.n_dice = self->dice->len - first_die;
  step.text = g_strdup (text);

  if (self->steps == NULL)
    {
      self->steps = g_array_new (FALSE, FALSE, sizeof (NileRollStep));
      g_array_set_clear_func (self->steps, step_clear);
    }
  g_array_append_val (self->steps, step);
}

const NileRollStep *
nile_roll_result_get_steps (NileRollResult *self,
                            guint          *n_steps)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);

  *n_steps = self->steps != NULL ? self->steps->len : 0;
  return self->steps != NULL ? (const NileRollStep *) self->steps->data : NULL;
}

static Extra *
find_extra (NileRollResult *self,
            const char     *name)
{
  for (guint i = 0; self->extras != NULL && i < self->extras->len; i++)
    {
      Extra *extra = &g_array_index (self->extras, Extra, i);

      if (strcmp (extra->name, name) == 0)
        return extra;
    }
  return NULL;
}

void
nile_roll_result_set_extra (NileRollResult *self,
                            const char     *name,
                            GVariant       *value)
{
  Extra *extra;

  g_return_if_fail (NILE_IS_ROLL_RESULT (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (value != NULL);

  g_variant_ref_sink (value);

  extra = find_extra (self, name);
  if (extra != NULL)
    {
      g_variant_unref (extra->value);
      extra->value = value;
      return;
    }

  if (self->extras == NULL)
    {
      self->extras = g_array_new (FALSE, FALSE, sizeof (Extra));
      g_array_set_clear_func (self->extras, extra_clear);
    }
  g_array_append_val (self->extras, ((Extra) { g_strdup (name), value }));
}

/* Returns: (transfer none) (nullable) */
GVariant *
nile_roll_result_lookup_extra (NileRollResult *self,
                               const char     *name)
{
  Extra *extra;

  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);

  extra = find_extra (self, name);
  return extra != NULL ? extra->value : NULL;
}

int
nile_roll_result_get_extra_int (NileRollResult *self,
                                const char     *name,
                                int             fallback)
{
  GVariant *value = nile_roll_result_lookup_extra (self, name);

  if (value == NULL || !g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
    return fallback;
  return g_variant_get_int32 (value);
}

gboolean
nile_roll_result_get_extra_bool (NileRollResult *self,
                                 const char     *name)
{
  GVariant *value = nile_roll_result_lookup_extra (self, name);

  return value != NULL && g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN) &&
         g_variant_get_boolean (value);
}

static GVariant *
empty_coords (void)
{
  return g_variant_new_array (G_VARIANT_TYPE ("{ss}"), NULL, 0);
}

void
nile_roll_result_set_cell (NileRollResult    *self,
                           const char        *sheet_id,
                           GVariant          *coords,
                           const char        *value,
                           NileRollCellState  state)
{
  char *new_sheet, *new_value;

  g_return_if_fail (NILE_IS_ROLL_RESULT (self));
  g_return_if_fail (sheet_id != NULL);
  g_return_if_fail (coords == NULL || g_variant_is_of_type (coords, G_VARIANT_TYPE ("a{ss}")));
  g_return_if_fail (nile_roll_cell_state_to_nick (state) != NULL);

  if (coords == NULL)
    coords = empty_coords ();

  /* Take the new values before dropping the old: the caller may pass
   * back what nile_roll_result_get_cell() gave. */
  new_sheet = g_strdup (sheet_id);
  new_value = g_strdup (value);
  g_variant_ref_sink (coords);

  g_free (self->cell_sheet);
  self->cell_sheet = new_sheet;
  g_clear_pointer (&self->cell_coords, g_variant_unref);
  self->cell_coords = coords;
  g_free (self->cell_value);
  self->cell_value = new_value;
  self->cell_state = state;
  self->has_cell = TRUE;
}

gboolean
nile_roll_result_get_cell (NileRollResult     *self,
                           const char        **sheet_id,
                           GVariant          **coords,
                           const char        **value,
                           NileRollCellState  *state)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), FALSE);

  if (!self->has_cell)
    return FALSE;
  if (sheet_id != NULL)
    *sheet_id = self->cell_sheet;
  if (coords != NULL)
    *coords = self->cell_coords;
  if (value != NULL)
    *value = self->cell_value;
  if (state != NULL)
    *state = self->cell_state;
  return TRUE;
}

void
nile_roll_result_set_needs_cell (NileRollResult *self,
                                 const char     *sheet_id,
                                 GVariant       *coords,
                                 int             total)
{
  g_return_if_fail (NILE_IS_ROLL_RESULT (self));

  nile_roll_result_set_cell (self, sheet_id, coords, NULL, NILE_ROLL_CELL_BLANK);
  nile_roll_result_set_total (self, total);
  self->status = NILE_ROLL_STATUS_NEEDS_CELL;
}

void
nile_roll_result_take_text (NileRollResult *self,
                            char           *text)
{
  g_return_if_fail (NILE_IS_ROLL_RESULT (self));

  g_free (self->text);
  self->text = text;
}

void
nile_roll_result_set_text (NileRollResult *self,
                           const char     *text)
{
  nile_roll_result_take_text (self, g_strdup (text));
}

const char *
nile_roll_result_get_text (NileRollResult *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);
  return self->text;
}

/* GVariant: an a{sv} whose keys are the JSON field names, so the two
 * forms read alike. */
GVariant *
nile_roll_result_to_variant (NileRollResult *self)
{
  GVariantBuilder builder;
  GVariantBuilder list;

  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "roll", g_variant_new_string (self->roll));
  g_variant_builder_add (&builder, "{sv}", "edition",
                         g_variant_new_string (nile_enum_to_nick (NILE_TYPE_EDITION, self->edition)));
  g_variant_builder_add (&builder, "{sv}", "status",
                         g_variant_new_string (nile_roll_status_to_nick (self->status)));
  g_variant_builder_add (&builder, "{sv}", "inputs", self->inputs);
  g_variant_builder_add (&builder, "{sv}", "dice",
                         g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, self->dice->data,
                                                    self->dice->len, sizeof (guint8)));

  g_variant_builder_init (&list, G_VARIANT_TYPE ("a(si)"));
  for (guint i = 0; self->modifiers != NULL && i < self->modifiers->len; i++)
    {
      const NileRollModifier *modifier = &g_array_index (self->modifiers, NileRollModifier, i);

      g_variant_builder_add (&list, "(si)", modifier->reason, modifier->value);
    }
  g_variant_builder_add (&builder, "{sv}", "modifiers", g_variant_builder_end (&list));

  if (self->has_total)
    g_variant_builder_add (&builder, "{sv}", "total", g_variant_new_int32 (self->total));
  if (self->outcome != NULL)
    g_variant_builder_add (&builder, "{sv}", "outcome", g_variant_new_string (self->outcome));

  if (self->has_cell)
    {
      GVariantDict cell;

      g_variant_dict_init (&cell, NULL);
      g_variant_dict_insert (&cell, "sheet", "s", self->cell_sheet);
      g_variant_dict_insert_value (&cell, "coords", self->cell_coords);
      if (self->cell_value != NULL)
        g_variant_dict_insert (&cell, "value", "s", self->cell_value);
      g_variant_dict_insert (&cell, "state", "s", nile_roll_cell_state_to_nick (self->cell_state));
      g_variant_builder_add (&builder, "{sv}", "cell", g_variant_dict_end (&cell));
    }

  g_variant_builder_init (&list, G_VARIANT_TYPE ("a(sis)"));
  for (guint i = 0; self->effects != NULL && i < self->effects->len; i++)
    {
      const NileRollEffect *effect = &g_array_index (self->effects, NileRollEffect, i);

      g_variant_builder_add (&list, "(sis)", effect_kinds[effect->kind].nick,
                             effect->amount, effect->what != NULL ? effect->what : "");
    }
  g_variant_builder_add (&builder, "{sv}", "effects", g_variant_builder_end (&list));

  g_variant_builder_init (&list, G_VARIANT_TYPE ("a(suus)"));
  for (guint i = 0; self->steps != NULL && i < self->steps->len; i++)
    {
      const NileRollStep *step = &g_array_index (self->steps, NileRollStep, i);

      g_variant_builder_add (&list, "(suus)", step->name, step->first_die, step->n_dice,
                             step->text != NULL ? step->text : "");
    }
  g_variant_builder_add (&builder, "{sv}", "steps", g_variant_builder_end (&list));

  g_variant_builder_init (&list, G_VARIANT_TYPE ("a(sv)"));
  for (guint i = 0; self->extras != NULL && i < self->extras->len; i++)
    {
      const Extra *extra = &g_array_index (self->extras, Extra, i);

      g_variant_builder_add (&list, "(sv)", extra->name, extra->value);
    }
  g_variant_builder_add (&builder, "{sv}", "extras", g_variant_builder_end (&list));

  if (self->text != NULL)
    g_variant_builder_add (&builder, "{sv}", "text", g_variant_new_string (self->text));

  return g_variant_builder_end (&builder);
}

static gpointer
corrupt (GError     **error,
         const char  *field)
{
  g_set_error (error, NILE_ERROR, NILE_ERROR_CORRUPT,
               _("A logged roll is damaged: its “%s” cannot be read"), field);
  return NULL;
}

/**
 * nile_roll_result_new_from_variant:
 * @variant: what nile_roll_result_to_variant() gave
 *
 * Returns: (transfer full): the result, or %NULL with NILE_ERROR_CORRUPT
 */
NileRollResult *
nile_roll_result_new_from_variant (GVariant  *variant,
                                   GError   **error)
{
  g_autoptr(NileRollResult) self = NULL;
  g_autoptr(GVariant) inputs = NULL;
  g_autoptr(GVariant) dice = NULL;
  g_autoptr(GVariant) list = NULL;
  g_autoptr(GVariant) cell = NULL;
  g_autoptr(GVariant) extras = NULL;
  const char *roll, *edition_nick, *status_nick, *text, *outcome;
  const guint8 *dice_values;
  gsize n_dice;
  int edition, total;
  int status;
  GVariantIter iter;

  g_return_val_if_fail (variant != NULL, NULL);

  if (!g_variant_is_of_type (variant, G_VARIANT_TYPE_VARDICT))
    return corrupt (error, "roll");

  if (!g_variant_lookup (variant, "roll", "&s", &roll) || roll[0] == '\0')
    return corrupt (error, "roll");
  if (!g_variant_lookup (variant, "edition", "&s", &edition_nick) ||
      !nile_enum_from_nick (NILE_TYPE_EDITION, edition_nick, &edition))
    return corrupt (error, "edition");
  if (!g_variant_lookup (variant, "status", "&s", &status_nick) ||
      !nile_enum_from_nick (NILE_TYPE_ROLL_STATUS, status_nick, &status))
    return corrupt (error, "status");
  inputs = g_variant_lookup_value (variant, "inputs", G_VARIANT_TYPE_VARDICT);
  if (inputs == NULL)
    return corrupt (error, "inputs");

  self = nile_roll_result_new (roll, edition, inputs);
  self->status = status;

  dice = g_variant_lookup_value (variant, "dice", G_VARIANT_TYPE_BYTESTRING);
  if (dice == NULL)
    return corrupt (error, "dice");
  dice_values = g_variant_get_fixed_array (dice, &n_dice, sizeof (guint8));
  for (gsize i = 0; i < n_dice; i++)
    {
      if (dice_values[i] < 1 || dice_values[i] > 6)
        return corrupt (error, "dice");
      nile_roll_result_add_die (self, dice_values[i]);
    }

  list = g_variant_lookup_value (variant, "modifiers", G_VARIANT_TYPE ("a(si)"));
  if (list == NULL)
    return corrupt (error, "modifiers");
  {
    const char *reason;
    int value;

    g_variant_iter_init (&iter, list);
    while (g_variant_iter_next (&iter, "(&si)", &reason, &value))
      nile_roll_result_add_modifier (self, reason, value);
  }
  g_clear_pointer (&list, g_variant_unref);

  if (g_variant_lookup (variant, "total", "i", &total))
    nile_roll_result_set_total (self, total);
  if (g_variant_lookup (variant, "outcome", "&s", &outcome))
    nile_roll_result_set_outcome (self, outcome);

  cell = g_variant_lookup_value (variant, "cell", G_VARIANT_TYPE_VARDICT);
  if (cell != NULL)
    {
      g_autoptr(GVariant) coords = g_variant_lookup_value (cell, "coords", G_VARIANT_TYPE ("a{ss}"));
      const char *sheet, *value = NULL, *state_nick;
      int state;

      if (coords == NULL ||
          !g_variant_lookup (cell, "sheet", "&s", &sheet) ||
          !g_variant_lookup (cell, "state", "&s", &state_nick) ||
          !nile_enum_from_nick (NILE_TYPE_ROLL_CELL_STATE, state_nick, &state))
        return corrupt (error, "cell");
      g_variant_lookup (cell, "value", "&s", &value);
      nile_roll_result_set_cell (self, sheet, coords, value, state);
    }

  list = g_variant_lookup_value (variant, "effects", G_VARIANT_TYPE ("a(sis)"));
  if (list == NULL)
    return corrupt (error, "effects");
  {
    const char *nick, *what;
    int amount;

    g_variant_iter_init (&iter, list);
    while (g_variant_iter_next (&iter, "(&si&s)", &nick, &amount, &what))
      {
        NileEffectKind kind;

        if (!nile_effect_kind_from_nick (nick, &kind))
          return corrupt (error, "effects");
        nile_roll_result_add_effect (self, kind, amount, what[0] != '\0' ? what : NULL);
      }
  }
  g_clear_pointer (&list, g_variant_unref);

  list = g_variant_lookup_value (variant, "steps", G_VARIANT_TYPE ("a(suus)"));
  if (list == NULL)
    return corrupt (error, "steps");
  {
    const char *name, *step_text;
    guint first, n;

    g_variant_iter_init (&iter, list);
    while (g_variant_iter_next (&iter, "(&suu&s)", &name, &first, &n, &step_text))
      {
        NileRollStep step;

        if (first > self->dice->len || n > self->dice->len - first)
          return corrupt (error, "steps");
        step.name = g_strdup (name);
        step.first_die = first;
        step.n_dice = n;
        step.text = g_strdup (step_text);
        if (self->steps == NULL)
          {
            self->steps = g_array_new (FALSE, FALSE, sizeof (NileRollStep));
            g_array_set_clear_func (self->steps, step_clear);
          }
        g_array_append_val (self->steps, step);
      }
  }

  extras = g_variant_lookup_value (variant, "extras", G_VARIANT_TYPE ("a(sv)"));
  if (extras == NULL)
    return corrupt (error, "extras");
  {
    const char *name;
    GVariant *value;

    g_variant_iter_init (&iter, extras);
    while (g_variant_iter_next (&iter, "(&sv)", &name, &value))
      {
        nile_roll_result_set_extra (self, name, value);
        g_variant_unref (value);
      }
  }

  if (g_variant_lookup (variant, "text", "&s", &text))
    nile_roll_result_set_text (self, text);

  return g_steal_pointer (&self);
}

static void
add_variant_member (JsonBuilder *builder,
                    const char  *name,
                    GVariant    *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_value (builder, json_gvariant_serialize (value));
}

/* The shape `nile-ledger roll --json` prints: fixed fields first, then
 * the extra named values at the top level. */
JsonNode *
nile_roll_result_to_json_node (NileRollResult *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (NILE_IS_ROLL_RESULT (self), NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "roll");
  json_builder_add_string_value (builder, self->roll);
  json_builder_set_member_name (builder, "edition");
  json_builder_add_string_value (builder, nile_enum_to_nick (NILE_TYPE_EDITION, self->edition));
  json_builder_set_member_name (builder, "status");
  json_builder_add_string_value (builder, nile_roll_status_to_nick (self->status));
  add_variant_member (builder, "inputs", self->inputs);

  json_builder_set_member_name (builder, "dice");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->dice->len; i++)
    json_builder_add_int_value (builder, g_array_index (self->dice, guint8, i));
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "total");
  if (self->has_total)
    json_builder_add_int_value (builder, self->total);
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "outcome");
  if (self->outcome != NULL)
    json_builder_add_string_value (builder, self->outcome);
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "modifiers");
  json_builder_begin_array (builder);
  for (guint i = 0; self->modifiers != NULL && i < self->modifiers->len; i++)
    {
      const NileRollModifier *modifier = &g_array_index (self->modifiers, NileRollModifier, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "reason");
      json_builder_add_string_value (builder, modifier->reason);
      json_builder_set_member_name (builder, "value");
      json_builder_add_int_value (builder, modifier->value);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "cell");
  if (self->has_cell)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "sheet");
      json_builder_add_string_value (builder, self->cell_sheet);
      add_variant_member (builder, "coords", self->cell_coords);
      json_builder_set_member_name (builder, "value");
      if (self->cell_value != NULL)
        json_builder_add_string_value (builder, self->cell_value);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "state");
      json_builder_add_string_value (builder, nile_roll_cell_state_to_nick (self->cell_state));
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "effects");
  json_builder_begin_array (builder);
  for (guint i = 0; self->effects != NULL && i < self->effects->len; i++)
    {
      const NileRollEffect *effect = &g_array_index (self->effects, NileRollEffect, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, effect_kinds[effect->kind].nick);
      json_builder_set_member_name (builder, "amount");
      json_builder_add_int_value (builder, effect->amount);
      if (effect->what != NULL)
        {
          json_builder_set_member_name (builder, "what");
          json_builder_add_string_value (builder, effect->what);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "steps");
  json_builder_begin_array (builder);
  for (guint i = 0; self->steps != NULL && i < self->steps->len; i++)
    {
      const NileRollStep *step = &g_array_index (self->steps, NileRollStep, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, step->name);
      json_builder_set_member_name (builder, "dice");
      json_builder_begin_array (builder);
      for (guint d = step->first_die; d < step->first_die + step->n_dice; d++)
        json_builder_add_int_value (builder, g_array_index (self->dice, guint8, d));
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "text");
      json_builder_add_string_value (builder, step->text != NULL ? step->text : "");
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "text");
  json_builder_add_string_value (builder, self->text != NULL ? self->text : "");

  for (guint i = 0; self->extras != NULL && i < self->extras->len; i++)
    {
      const Extra *extra = &g_array_index (self->extras, Extra, i);

      add_variant_member (builder, extra->name, extra->value);
    }

  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

char *
nile_roll_result_to_json (NileRollResult *self,
                          gboolean        pretty)
{
  g_autoptr(JsonNode) root = nile_roll_result_to_json_node (self);

  return json_to_string (root, pretty);
}
