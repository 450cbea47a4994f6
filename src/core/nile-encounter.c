/* nile-encounter.c: one meeting with a native tribe, step by step
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-encounter"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "nile-apply-roll.h"
#include "nile-book-db-private.h"
#include "nile-book-ops-private.h"
#include "nile-encounter.h"
#include "nile-encounter-private.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-expedition.h"
#include "nile-rolls-dg.h"
#include "nile-sqlite-private.h"

/* An outcome and the step it leads to. "*" matches any outcome; a next
 * step of FOLLOW goes where the result's "next-roll" points (Results of
 * Victory table A turns into a defeat when more askaris fall than there
 * are, R 16.3). @policies limits the link to those policies ("356": a
 * neutral tribe is negotiated with only under them, R 14.1); @flag is a
 * state flag the outcome sets for the steps after it. */
typedef struct {
  const char *outcome;
  const char *next;
  const char *policies;
  const char *flag;
} Link;

#define FOLLOW "=next-roll"
#define MAX_LINKS 6

typedef struct {
  const char *name;
  const char *roll;      /* NULL for a choice */
  const char *inputs;    /* state names the roll takes, space-separated */
  gboolean    optional;
  Link        links[MAX_LINKS];
} Step;

/* Avalon Hill, R 13–16. */
static const Step ah_steps[] = {
  { "attitude", "native-attitude", "policy activity", FALSE,
    { { "F", NILE_ENCOUNTER_DONE }, { "N", "negotiation", "356" }, { "N", NILE_ENCOUNTER_DONE },
      { "C", "attack" }, { "A", "attack" } } },
  { "negotiation", "negotiation", "gifts", FALSE,
    { { "I", "attack" }, { "*", NILE_ENCOUNTER_DONE } } },
  { "attack", "native-attack", "askaris armed size policy", FALSE,
    { { "W", "victory-a" }, { "D", "defeat" }, { "*", NILE_ENCOUNTER_DONE } } },
  { "victory-a", "victory-a", "size askaris", FALSE,
    { { "*", FOLLOW } } },
  { "victory-b", "victory-b", "size", FALSE,
    { { "P", NILE_ENCOUNTER_PRISONERS }, { "PV", NILE_ENCOUNTER_PRISONERS, NULL, "village" },
      { "V", "looting", NULL, "village" }, { "*", NILE_ENCOUNTER_DONE } } },
  /* The choice's outcome is "keep" or "release". */
  { NILE_ENCOUNTER_PRISONERS, NULL, NULL, FALSE,
    { { "keep-village", "looting" }, { "*", NILE_ENCOUNTER_DONE } } },
  { "looting", "looting", "size desert river", TRUE,
    { { "*", NILE_ENCOUNTER_DONE } } },
  { "defeat", "defeat", "", FALSE,
    { { "*", NILE_ENCOUNTER_DONE } } },
  /* Reached from the defeat when he has members to choose from. */
  { NILE_ENCOUNTER_ESCAPE, NULL, NULL, FALSE,
    { { "*", NILE_ENCOUNTER_DONE } } },
  { NULL }
};

/* Discovery Games, "Encounter the Natives" through "Defeat". */
static const Step dg_steps[] = {
  { "attitude", "native-attitude",
    "distance policy askaris no-muskets guide-adjacent negotiated-before published attitude", FALSE,
    { { "hostile", "attack" }, { "*", "negotiation" } } },
  /* A neutral tribe hides unless the explorer offers gifts. */
  { "negotiation", "negotiation", "gifts natives askaris distance policy mounted desert", TRUE,
    { { "charge", "combat", NULL, "charge" }, { "ambush", "combat", NULL, "ambush" },
      { "*", NILE_ENCOUNTER_DONE } } },
  { "attack", "hostile-action", "askaris distance policy natives mounted desert", FALSE,
    { { "charge", "combat", NULL, "charge" }, { "ambush", "combat", NULL, "ambush" },
      { "*", NILE_ENCOUNTER_DONE } } },
  { "combat", "combat", "askaris natives armed charge ambush", FALSE,
    { { "victory", "victory" }, { "*", "defeat" } } },
  { "victory", "victory", "askaris policy natives desert river", FALSE,
    { { "*", NILE_ENCOUNTER_PRISONERS } } },
  { NILE_ENCOUNTER_PRISONERS, NULL, NULL, FALSE,
    { { "*", NILE_ENCOUNTER_DONE } } },
  { "defeat", "defeat", "", FALSE,
    { { "*", NILE_ENCOUNTER_DONE } } },
  { NULL }
};

static const Step *const edition_steps[NILE_N_EDITIONS] = {
  [NILE_EDITION_AH] = ah_steps,
  [NILE_EDITION_DG] = dg_steps,
};

/* Specialties that must release prisoners and may not loot (R 16.41,
 * 16.421; DG: missionaries and doctors). */
static const char *const peaceful_specialties[] = {
  "missionary", "doctor", "ethnologist", "evangelism", "medicine", NULL
};

struct _NileEncounter
{
  GObject parent_instance;

  NileEdition   edition;
  char         *player;
  int           tribe;
  GVariantDict *state;
  const Step   *step;
  char         *summary;
  /* The defeat roll waiting for the choice of whom he escapes with. */
  NileRollResult *escape;

  /* The encounter as it stood before the last choice was settled, so
   * that a choice the campaign refuses can be made again. */
  struct {
    const Step     *step;
    GVariant       *state;
    char           *summary;
    NileRollResult *escape;
  } before_choice;
};

G_DEFINE_FINAL_TYPE (NileEncounter, nile_encounter, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STEP,
  PROP_SUMMARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
forget_choice (NileEncounter *self)
{
  self->before_choice.step = NULL;
  g_clear_pointer (&self->before_choice.state, g_variant_unref);
  g_clear_pointer (&self->before_choice.summary, g_free);
  g_clear_object (&self->before_choice.escape);
}

/* Keeps the encounter as it is now, before a choice moves it on. */
static void
remember_choice (NileEncounter *self)
{
  GVariant *state = g_variant_ref_sink (g_variant_dict_end (self->state));

  forget_choice (self);
  g_variant_dict_unref (self->state);
  self->state = g_variant_dict_new (state);
  self->before_choice.step = self->step;
  self->before_choice.state = state;
  self->before_choice.summary = g_strdup (self->summary);
  g_set_object (&self->before_choice.escape, self->escape);
}

static void
nile_encounter_finalize (GObject *object)
{
  NileEncounter *self = NILE_ENCOUNTER (object);

  g_free (self->player);
  g_free (self->summary);
  g_clear_object (&self->escape);
  g_variant_dict_unref (self->state);
  forget_choice (self);

  G_OBJECT_CLASS (nile_encounter_parent_class)->finalize (object);
}

static void
nile_encounter_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  NileEncounter *self = NILE_ENCOUNTER (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_string (value, nile_encounter_get_step (self));
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_encounter_class_init (NileEncounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_encounter_finalize;
  object_class->get_property = nile_encounter_get_property;

  properties[PROP_STEP] =
    g_param_spec_string ("step", NULL, "the step the encounter is at",
                         "attitude", G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SUMMARY] =
    g_param_spec_string ("summary", NULL, "what the last step decided",
                         NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
nile_encounter_init (NileEncounter *self)
{
  self->state = g_variant_dict_new (NULL);
}

static const Step *
find_step (NileEncounter *self,
           const char    *name)
{
  for (const Step *step = edition_steps[self->edition]; step->name != NULL; step++)
    if (g_str_equal (step->name, name))
      return step;
  return NULL;
}

static const Step *
find_step_for_roll (NileEncounter *self,
                    const char    *roll)
{
  for (const Step *step = edition_steps[self->edition]; step->name != NULL; step++)
    if (g_strcmp0 (step->roll, roll) == 0)
      return step;
  return NULL;
}

NileEncounter *
nile_encounter_new (NileEdition  edition,
                    const char  *player,
                    int          tribe)
{
  NileEncounter *self;

  g_return_val_if_fail (edition < NILE_N_EDITIONS, NULL);
  g_return_val_if_fail (player != NULL, NULL);

  self = g_object_new (NILE_TYPE_ENCOUNTER, NULL);
  self->edition = edition;
  self->player = g_strdup (player);
  self->tribe = tribe;
  self->step = edition_steps[edition];
  return self;
}

NileEdition
nile_encounter_get_edition (NileEncounter *self)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), NILE_EDITION_AH);
  return self->edition;
}

const char *
nile_encounter_get_player (NileEncounter *self)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), NULL);
  return self->player;
}

int
nile_encounter_get_tribe (NileEncounter *self)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), 0);
  return self->tribe;
}

void
nile_encounter_set_input (NileEncounter *self,
                          const char    *name,
                          GVariant      *value)
{
  g_return_if_fail (NILE_IS_ENCOUNTER (self));
  g_return_if_fail (name != NULL && value != NULL);

  g_variant_dict_insert_value (self->state, name, value);
}

int
nile_encounter_get_int (NileEncounter *self,
                        const char    *name,
                        int            fallback)
{
  gint32 value;

  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), fallback);

  if (g_variant_dict_lookup (self->state, name, "i", &value))
    return value;
  return fallback;
}

static gboolean
get_flag (NileEncounter *self,
          const char    *name)
{
  gboolean value = FALSE;

  g_variant_dict_lookup (self->state, name, "b", &value);
  return value;
}

const char *
nile_encounter_get_step (NileEncounter *self)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), NULL);
  return self->step != NULL ? self->step->name : NILE_ENCOUNTER_DONE;
}

const NileRollSpec *
nile_encounter_get_roll (NileEncounter *self)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), NULL);

  if (self->step == NULL || self->step->roll == NULL)
    return NULL;
  return nile_roll_lookup (self->step->roll);
}

GVariant *
nile_encounter_get_roll_inputs (NileEncounter *self)
{
  GVariantBuilder builder;
  g_auto(GStrv) names = NULL;

  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), NULL);

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  if (self->step != NULL && self->step->inputs != NULL)
    {
      names = g_strsplit (self->step->inputs, " ", -1);
      for (guint i = 0; names[i] != NULL; i++)
        {
          g_autoptr(GVariant) value = NULL;

          if (*names[i] == '\0')
            continue;
          value = g_variant_dict_lookup_value (self->state, names[i], NULL);
          if (value != NULL)
            g_variant_builder_add (&builder, "{sv}", names[i], value);
        }
    }
  return g_variant_builder_end (&builder);
}

gboolean
nile_encounter_get_can_decline (NileEncounter *self)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), FALSE);
  return self->step != NULL && self->step->optional;
}

gboolean
nile_encounter_get_must_release (NileEncounter *self)
{
  const char *specialty = NULL;

  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), FALSE);

  return g_variant_dict_lookup (self->state, "specialty", "&s", &specialty) &&
         nile_specialty_must_release (specialty);
}

gboolean
nile_specialty_must_release (const char *specialty)
{
  g_auto(GStrv) nicks = NULL;

  g_return_val_if_fail (specialty != NULL, FALSE);

  /* DG specialties are flags: "evangelism|zoology". */
  nicks = g_strsplit_set (specialty, "|, ", -1);
  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_strv_contains (peaceful_specialties, nicks[i]))
      return TRUE;
  return FALSE;
}

const char *
nile_encounter_get_summary (NileEncounter *self)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), NULL);
  return self->summary;
}

static void
set_summary (NileEncounter *self,
             const char    *summary)
{
  g_free (self->summary);
  self->summary = g_strdup (summary);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUMMARY]);
}

/* Follows the step's first link that fits @outcome. */
static void
advance (NileEncounter  *self,
         const char     *outcome,
         NileRollResult *result)
{
  int policy = nile_encounter_get_int (self, "policy", 0);
  char policy_digit = (char) ('0' + CLAMP (policy, 0, 9));
  const char *next = NILE_ENCOUNTER_DONE;

  for (guint i = 0; i < MAX_LINKS && self->step->links[i].outcome != NULL; i++)
    {
      const Link *link = &self->step->links[i];

      if (!g_str_equal (link->outcome, "*") && g_strcmp0 (link->outcome, outcome) != 0)
        continue;
      if (link->policies != NULL && strchr (link->policies, policy_digit) == NULL)
        continue;
      if (link->flag != NULL)
        nile_encounter_set_input (self, link->flag, g_variant_new_boolean (TRUE));
      next = link->next;
      break;
    }

  if (g_str_equal (next, FOLLOW))
    {
      GVariant *roll = result != NULL ? nile_roll_result_lookup_extra (result, "next-roll") : NULL;
      const Step *step = roll != NULL ? find_step_for_roll (self, g_variant_get_string (roll, NULL)) : NULL;

      self->step = step;
    }
  else
    self->step = find_step (self, next);

  /* No prisoners taken: nothing to keep or release. */
  if (self->step != NULL && g_str_equal (self->step->name, NILE_ENCOUNTER_PRISONERS) &&
      nile_encounter_get_int (self, "prisoners", 0) <= 0)
    {
      advance (self, get_flag (self, "village") ? "keep-village" : "keep", NULL);
      return;
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

typedef struct {
  GVariantDict *relation;
  GString      *effects;
  GVariantBuilder ops;
} Operations;

static void
operations_init (Operations *ops)
{
  ops->relation = g_variant_dict_new (NULL);
  ops->effects = g_string_new (NULL);
  g_variant_builder_init (&ops->ops, G_VARIANT_TYPE ("a(sa{sv})"));
}

static void
add_effect (Operations *ops,
            const char *field,
            int         amount)
{
  if (amount == 0)
    return;
  if (ops->effects->len > 0)
    g_string_append_c (ops->effects, ' ');
  g_string_append_printf (ops->effects, "%s:%+d", field, amount);
}

/* The make-up changes and the relation first, then whatever ends the
 * explorer's part, so the log reads in the order things happened. */
static GVariant *
operations_end (NileEncounter *self,
                Operations    *ops,
                const char    *reason,
                GVariant      *last)
{
  g_autoptr(GVariant) relation = g_variant_ref_sink (g_variant_dict_end (ops->relation));
  g_autoptr(GVariant) owned_last = last != NULL ? g_variant_ref_sink (last) : NULL;

  if (ops->effects->len > 0)
    {
      GVariantDict params;

      g_variant_dict_init (&params, NULL);
      g_variant_dict_insert (&params, "player", "s", self->player);
      g_variant_dict_insert (&params, "effects", "s", ops->effects->str);
      g_variant_dict_insert (&params, "reason", "s", reason);
      g_variant_builder_add (&ops->ops, "(s@a{sv})", "apply-effects", g_variant_dict_end (&params));
    }
  if (g_variant_n_children (relation) > 0)
    {
      GVariantDict params;

      g_variant_dict_init (&params, relation);
      g_variant_dict_insert (&params, "player", "s", self->player);
      g_variant_dict_insert (&params, "tribe", "x", (gint64) self->tribe);
      g_variant_builder_add (&ops->ops, "(s@a{sv})", "set-relation", g_variant_dict_end (&params));
    }
  if (owned_last != NULL)
    g_variant_builder_add_value (&ops->ops, owned_last);

  g_variant_dict_unref (ops->relation);
  g_string_free (ops->effects, TRUE);
  return g_variant_ref_sink (g_variant_builder_end (&ops->ops));
}

/* The askaris an explorer keeps from his scattered expedition. */
static int
kept_askaris (NileRollResult *result)
{
  const NileRollEffect *effects;
  guint n_effects;
  int askaris = 0;

  effects = nile_roll_result_get_effects (result, &n_effects);
  for (guint i = 0; i < n_effects; i++)
    if (effects[i].kind == NILE_EFFECT_KEEPS && g_strcmp0 (effects[i].what, "askari") == 0)
      askaris += effects[i].amount;
  return askaris;
}

/* What @result does to the encounter's state; the campaign takes the
 * result whole through apply-roll, with the tribe met as context and any
 * prisoners held until the next step settles them. */
static GVariant *
operations_for_result (NileEncounter  *self,
                       NileRollResult *result,
                       const char     *escapes_with)
{
  GVariantBuilder ops;
  GVariantDict context;
  int killed, attitude;

  if (g_str_equal (nile_roll_result_get_roll (result), "negotiation"))
    nile_encounter_set_input (self, "negotiated-before", g_variant_new_boolean (TRUE));

  attitude = nile_roll_result_sum_effect (result, NILE_EFFECT_TRIBE_ATTITUDE);
  if (attitude != 0)
    nile_encounter_set_input (self, "attitude",
                              g_variant_new_int32 (nile_encounter_get_int (self, "attitude", 0) + attitude));

  killed = nile_roll_result_sum_effect (result, NILE_EFFECT_ASKARIS_KILLED);
  if (killed > 0)
    nile_encounter_set_input (self, "askaris",
                              g_variant_new_int32 (MAX (nile_encounter_get_int (self, "askaris", 0) - killed, 0)));
  if (nile_roll_result_has_effect (result, NILE_EFFECT_EXPEDITION_SCATTERED))
    nile_encounter_set_input (self, "askaris", g_variant_new_int32 (kept_askaris (result)));

  nile_encounter_set_input (self, "prisoners",
                            g_variant_new_int32 (nile_roll_result_sum_effect (result, NILE_EFFECT_PRISONERS)));

  g_variant_builder_init (&ops, G_VARIANT_TYPE ("a(sa{sv})"));
  if (nile_apply_roll_changes_book (result))
    {
      g_variant_dict_init (&context, NULL);
      g_variant_dict_insert (&context, "tribe", "x", (gint64) self->tribe);
      g_variant_dict_insert (&context, "prisoners", "s", "held");
      if (escapes_with != NULL)
        g_variant_dict_insert (&context, "escapes-with", "s", escapes_with);
      g_variant_builder_add (&ops, "(s@a{sv})", "apply-roll",
                             nile_apply_roll_params (self->player, result, g_variant_dict_end (&context)));
    }
  return g_variant_ref_sink (g_variant_builder_end (&ops));
}

/* AH: an escape with members to choose (E1–E3, R 15.21) waits for the
 * choice; DG scatters the expedition itself, and E leaves no choice. */
static int
escape_choice (NileEncounter  *self,
               NileRollResult *result)
{
  if (self->edition != NILE_EDITION_AH)
    return 0;
  return MAX (nile_apply_roll_escape_members (result), 0);
}

NileRollResult *
nile_encounter_roll (NileEncounter   *self,
                     NileDiceSource  *dice,
                     NileSheetStore  *sheets,
                     GVariant       **operations,
                     GError         **error)
{
  const NileRollSpec *spec;
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GVariant) inputs = NULL;
  g_autoptr(GVariant) ops = NULL;
  const char *outcome;

  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), NULL);
  g_return_val_if_fail (NILE_IS_DICE_SOURCE (dice), NULL);
  g_return_val_if_fail (operations != NULL && *operations == NULL, NULL);

  spec = nile_encounter_get_roll (self);
  if (spec == NULL)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                           self->step == NULL ? _("The encounter is over")
                                              : _("This step is a choice, not a roll"));
      return NULL;
    }
  if (g_str_equal (self->step->name, "looting") && nile_encounter_get_must_release (self))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                           _("Missionaries, doctors and ethnologists may not loot a village (R 16.421)"));
      return NULL;
    }

  inputs = g_variant_ref_sink (nile_encounter_get_roll_inputs (self));
  result = nile_roll_run (spec, self->edition, inputs, dice, sheets, error);
  if (result == NULL)
    return NULL;

  if (nile_roll_result_get_status (result) == NILE_ROLL_STATUS_NEEDS_CELL)
    {
      *operations = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("(sa{sv})"), NULL, 0));
      return g_steal_pointer (&result);
    }

  forget_choice (self);
  set_summary (self, nile_roll_result_get_text (result));
  if (escape_choice (self, result) > 0)
    {
      /* Nothing is written until he says whom he takes. */
      nile_encounter_set_input (self, "escapes", g_variant_new_int32 (escape_choice (self, result)));
      g_set_object (&self->escape, result);
      self->step = find_step (self, NILE_ENCOUNTER_ESCAPE);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
      *operations = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("(sa{sv})"), NULL, 0));
      return g_steal_pointer (&result);
    }

  ops = operations_for_result (self, result, NULL);
  outcome = nile_roll_result_get_outcome (result);
  advance (self, outcome != NULL ? outcome : "", result);

  *operations = g_steal_pointer (&ops);
  return g_steal_pointer (&result);
}

gboolean
nile_encounter_decline (NileEncounter  *self,
                        GVariant      **operations,
                        GError        **error)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (operations != NULL && *operations == NULL, FALSE);

  if (!nile_encounter_get_can_decline (self))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                           _("This step cannot be passed by"));
      return FALSE;
    }

  remember_choice (self);
  /* AH: a village found and left alone, with no prisoners kept, is
   * R 16.422's second option; after-victory credits it. */
  if (g_str_equal (self->step->name, "looting") && self->edition == NILE_EDITION_AH &&
      nile_encounter_get_int (self, "prisoners", 0) <= 0)
    *operations = g_variant_ref_sink (g_variant_new_parsed ("[('after-victory', {'player': <%s>, 'tribe': <%x>,"
                                                            " 'village': <true>})]",
                                                            self->player, (gint64) self->tribe));
  else
    *operations = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("(sa{sv})"), NULL, 0));

  set_summary (self, g_str_equal (self->step->name, "negotiation")
                       ? _("No gifts are offered: the natives keep out of sight")
                       : _("The village is left alone"));
  self->step = find_step (self, NILE_ENCOUNTER_DONE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  return TRUE;
}

gboolean
nile_encounter_settle_prisoners (NileEncounter  *self,
                                 gboolean        keep,
                                 GVariant      **operations,
                                 GError        **error)
{
  g_autofree char *reason = NULL;
  GVariant *last = NULL;
  int prisoners;
  Operations ops;

  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (operations != NULL && *operations == NULL, FALSE);

  if (g_strcmp0 (nile_encounter_get_step (self), NILE_ENCOUNTER_PRISONERS) != 0)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                           _("There are no prisoners to settle now"));
      return FALSE;
    }
  if (keep && nile_encounter_get_must_release (self))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                           _("Missionaries, doctors and ethnologists must release their prisoners (R 16.41)"));
      return FALSE;
    }

  remember_choice (self);
  prisoners = nile_encounter_get_int (self, "prisoners", 0);
  operations_init (&ops);
  if (keep)
    {
      reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d prisoner kept as a bearer",
                                             "%d prisoners kept as bearers", prisoners),
                                prisoners);
      add_effect (&ops, "bearers", prisoners);
    }
  else
    {
      reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d prisoner released",
                                             "%d prisoners released", prisoners),
                                prisoners);
      /* after-victory adds them to those released to the tribe before,
       * raises a DG tribe's attitude in the book and credits an AH
       * village found and spared (R 16.422). The encounter keeps its own
       * attitude in step for the steps after. */
      last = g_variant_new_parsed ("('after-victory', {'player': <%s>, 'tribe': <%x>,"
                                   " 'prisoners': <%x>, 'village': <%b>})",
                                   self->player, (gint64) self->tribe, (gint64) prisoners,
                                   get_flag (self, "village"));
      if (self->edition == NILE_EDITION_DG)
        nile_encounter_set_input (self, "attitude",
                                  g_variant_new_int32 (nile_encounter_get_int (self, "attitude", 0) +
                                                       NILE_DG_RELEASE_ATTITUDE));
    }

  *operations = operations_end (self, &ops, reason, last);
  set_summary (self, reason);
  /* Releasing the prisoners means leaving the village alone (R 16.422). */
  advance (self, keep && get_flag (self, "village") ? "keep-village" : keep ? "keep" : "release", NULL);
  return TRUE;
}

gboolean
nile_encounter_settle_escape (NileEncounter  *self,
                              const char     *escapes_with,
                              GVariant      **operations,
                              GError        **error)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (escapes_with != NULL, FALSE);
  g_return_val_if_fail (operations != NULL && *operations == NULL, FALSE);

  if (g_strcmp0 (nile_encounter_get_step (self), NILE_ENCOUNTER_ESCAPE) != 0 || self->escape == NULL)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_CONFLICT,
                           _("There is no escape to settle now"));
      return FALSE;
    }

  remember_choice (self);
  *operations = operations_for_result (self, self->escape, escapes_with);
  g_clear_object (&self->escape);
  advance (self, "*", NULL);
  return TRUE;
}

void
nile_encounter_end (NileEncounter *self)
{
  g_return_if_fail (NILE_IS_ENCOUNTER (self));

  if (self->step == NULL)
    return;

  remember_choice (self);
  g_clear_object (&self->escape);
  set_summary (self, _("Ended before its last step"));
  self->step = NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

/**
 * nile_encounter_take_back_choice:
 * @self: the encounter
 *
 * The campaign refused the change the last choice gave
 * (nile_encounter_settle_prisoners(), nile_encounter_settle_escape(),
 * nile_encounter_decline() or nile_encounter_end()): the encounter goes
 * back to that choice, as it was, to be made again.
 * No dice were thrown for a choice, so nothing is thrown away.
 *
 * Returns: %TRUE if it went back; %FALSE when no choice was made since
 *   the last roll
 */
gboolean
nile_encounter_take_back_choice (NileEncounter *self)
{
  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), FALSE);

  if (self->before_choice.state == NULL)
    return FALSE;

  g_variant_dict_unref (self->state);
  self->state = g_variant_dict_new (self->before_choice.state);
  self->step = self->before_choice.step;
  g_set_object (&self->escape, self->before_choice.escape);
  set_summary (self, self->before_choice.summary);
  forget_choice (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  return TRUE;
}

gboolean
nile_encounter_apply_operations (NileCampaign  *campaign,
                                 GVariant      *operations,
                                 GError       **error)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (g_variant_is_of_type (operations, G_VARIANT_TYPE ("a(sa{sv})")), FALSE);

  /* One step of the encounter is one change: it is undone whole, and a
   * refusal part way leaves nothing half done. */
  return nile_campaign_apply_all (campaign, operations, NULL, error);
}

/* Saving and taking up again --------------------------------------------- */

/* The state's key for the history: no roll takes an input of that name. */
#define HISTORY_KEY "history"
/* The version of what nile_encounter_save() writes. */
#define SAVED_FORMAT 1

void
nile_encounter_add_history (NileEncounter *self,
                            const char    *line)
{
  g_auto(GStrv) before = NULL;
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  g_auto(GStrv) after = NULL;

  g_return_if_fail (NILE_IS_ENCOUNTER (self));
  g_return_if_fail (line != NULL);

  before = nile_encounter_dup_history (self);
  g_strv_builder_addv (lines, (const char **) before);
  g_strv_builder_add (lines, line);
  after = g_strv_builder_end (lines);
  nile_encounter_set_input (self, HISTORY_KEY, g_variant_new_strv ((const char * const *) after, -1));
}

char **
nile_encounter_dup_history (NileEncounter *self)
{
  g_autoptr(GVariant) lines = NULL;

  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), NULL);

  lines = g_variant_dict_lookup_value (self->state, HISTORY_KEY, G_VARIANT_TYPE_STRING_ARRAY);
  return lines != NULL ? g_variant_dup_strv (lines, NULL) : g_new0 (char *, 1);
}

const char *
nile_encounter_get_step_title (NileEncounter *self)
{
  const NileRollSpec *spec;

  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), NULL);

  spec = nile_encounter_get_roll (self);
  if (spec != NULL)
    return _(spec->title);
  if (g_strcmp0 (nile_encounter_get_step (self), NILE_ENCOUNTER_PRISONERS) == 0)
    return _("Prisoners");
  if (g_strcmp0 (nile_encounter_get_step (self), NILE_ENCOUNTER_ESCAPE) == 0)
    return _("Escape");
  return _("Done");
}

GVariant *
nile_encounter_save (NileEncounter *self)
{
  g_auto(GVariantDict) saved = G_VARIANT_DICT_INIT (NULL);
  g_autoptr(GVariant) state = NULL;

  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), NULL);

  /* g_variant_dict_end() empties the dictionary: it is made again. */
  state = g_variant_ref_sink (g_variant_dict_end (self->state));
  g_variant_dict_unref (self->state);
  self->state = g_variant_dict_new (state);

  g_variant_dict_insert (&saved, "format", "i", SAVED_FORMAT);
  g_variant_dict_insert (&saved, "edition", "s", nile_enum_to_nick (NILE_TYPE_EDITION, self->edition));
  g_variant_dict_insert (&saved, "step", "s", nile_encounter_get_step (self));
  g_variant_dict_insert_value (&saved, "state", state);
  if (self->summary != NULL)
    g_variant_dict_insert (&saved, "summary", "s", self->summary);
  if (self->escape != NULL)
    g_variant_dict_insert_value (&saved, "escape", nile_roll_result_to_variant (self->escape));
  return g_variant_dict_end (&saved);
}

static NileEncounter *
set_unreadable_error (GError     **error,
                      const char  *why)
{
  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("This encounter can’t be taken up again: %s"), why);
  return NULL;
}

NileEncounter *
nile_encounter_new_from_saved (const char  *player,
                               int          tribe,
                               GVariant    *saved,
                               GError     **error)
{
  g_autoptr(NileEncounter) self = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GVariant) escape = NULL;
  const char *edition_nick = NULL;
  const char *step = NULL;
  const char *summary = NULL;
  int edition, format = 0;

  g_return_val_if_fail (player != NULL, NULL);
  g_return_val_if_fail (saved != NULL, NULL);

  if (!g_variant_is_of_type (saved, G_VARIANT_TYPE_VARDICT))
    return set_unreadable_error (error, _("it is not a dictionary"));
  if (!g_variant_lookup (saved, "format", "i", &format) || format != SAVED_FORMAT)
    return set_unreadable_error (error, _("it was written in another format"));
  if (!g_variant_lookup (saved, "edition", "&s", &edition_nick) ||
      !nile_enum_from_nick (NILE_TYPE_EDITION, edition_nick, &edition))
    return set_unreadable_error (error, _("its edition is missing or unknown"));

  self = nile_encounter_new ((NileEdition) edition, player, tribe);
  if (!g_variant_lookup (saved, "step", "&s", &step) || (self->step = find_step (self, step)) == NULL)
    return set_unreadable_error (error, _("its step is missing, or no step of that edition"));

  state = g_variant_lookup_value (saved, "state", G_VARIANT_TYPE_VARDICT);
  if (state == NULL)
    return set_unreadable_error (error, _("its state is missing"));
  g_variant_dict_unref (self->state);
  self->state = g_variant_dict_new (state);

  if (g_variant_lookup (saved, "summary", "&s", &summary))
    self->summary = g_strdup (summary);

  escape = g_variant_lookup_value (saved, "escape", NULL);
  if (escape != NULL)
    {
      g_autoptr(GError) local_error = NULL;

      self->escape = nile_roll_result_new_from_variant (escape, &local_error);
      if (self->escape == NULL)
        return set_unreadable_error (error, local_error->message);
    }
  if (g_str_equal (step, NILE_ENCOUNTER_ESCAPE) && self->escape == NULL)
    return set_unreadable_error (error, _("the defeat roll its escape waits on is missing"));

  return g_steal_pointer (&self);
}

/* The encounter @text (nile_encounter_save() in GVariant text form)
 * describes, or NILE_ERROR_INVALID_INPUT saying why it can't be. */
static NileEncounter *
encounter_from_text (const char  *player,
                     int          tribe,
                     const char  *text,
                     GError     **error)
{
  g_autoptr(GVariant) saved = NULL;

  /* GLib's own message ("0-6:unknown keyword") means little to whoever
   * typed the text on the command line: say what form it should have. */
  saved = g_variant_parse (G_VARIANT_TYPE_VARDICT, text, NULL, NULL, NULL);
  if (saved == NULL)
    return set_unreadable_error (error, _("it is not a record in GVariant text form, {'key': <value>, …}"));
  return nile_encounter_new_from_saved (player, tribe, saved, error);
}

/* The encounter @player_id kept, as written: @out_text NULL (and
 * @out_tribe 0) when there is none. */
static gboolean
read_kept (NileCampaign  *campaign,
           gint64         player_id,
           char         **out_text,
           gint64        *out_tribe,
           GError       **error)
{
  sqlite3_stmt *stmt;
  gboolean row;

  *out_text = NULL;
  *out_tribe = 0;
  stmt = _nile_book_query (campaign,
                           "SELECT e.state, t.counter FROM encounter e JOIN tribe t ON t.id = e.tribe_id"
                           " WHERE e.player_id = ?1",
                           g_variant_new ("(x)", player_id), error);
  if (stmt == NULL || !_nile_book_step_row (stmt, &row, error))
    return FALSE;
  if (row)
    {
      *out_text = _nile_book_column_text (stmt, 0);
      *out_tribe = sqlite3_column_int64 (stmt, 1);
      sqlite3_reset (stmt);
    }
  return TRUE;
}

NileEncounter *
nile_encounter_load (NileCampaign  *campaign,
                     const char    *player,
                     GError       **error)
{
  g_autofree char *text = NULL;
  gint64 player_id, tribe;

  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (player != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_nile_book_find_player (campaign, player, &player_id, error) ||
      !read_kept (campaign, player_id, &text, &tribe, error) ||
      text == NULL)
    return NULL;

  return encounter_from_text (player, (int) tribe, text, error);
}

gboolean
nile_encounter_apply_step (NileEncounter  *self,
                           NileCampaign   *campaign,
                           GVariant       *operations,
                           GError        **error)
{
  g_auto(GVariantBuilder) batch = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(sa{sv})"));
  g_auto(GVariantDict) params = G_VARIANT_DICT_INIT (NULL);
  g_autoptr(GVariant) owned = NULL;
  GVariantIter iter;
  GVariant *operation;
  gboolean over;

  g_return_val_if_fail (NILE_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (g_variant_is_of_type (operations, G_VARIANT_TYPE ("a(sa{sv})")), FALSE);

  owned = g_variant_ref_sink (operations);
  g_variant_iter_init (&iter, owned);
  while ((operation = g_variant_iter_next_value (&iter)) != NULL)
    {
      g_variant_builder_add_value (&batch, operation);
      g_variant_unref (operation);
    }

  over = self->step == NULL;
  g_variant_dict_insert (&params, "player", "s", self->player);
  g_variant_dict_insert (&params, "tribe", "x", (gint64) self->tribe);
  if (!over)
    {
      g_autoptr(GVariant) saved = g_variant_ref_sink (nile_encounter_save (self));
      g_autofree char *text = g_variant_print (saved, TRUE);

      g_variant_dict_insert (&params, "state", "s", text);
    }
  g_variant_builder_add (&batch, "(s@a{sv})", over ? "end-encounter" : "keep-encounter",
                         g_variant_dict_end (&params));

  return nile_encounter_apply_operations (campaign, g_variant_builder_end (&batch), error);
}

gboolean
_nile_encounter_check_kept (sqlite3  *db,
                            GError  **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  rc = sqlite3_prepare_v2 (db, "SELECT p.name, t.counter, e.state FROM encounter e"
                               " JOIN player p ON p.id = e.player_id JOIN tribe t ON t.id = e.tribe_id"
                               " ORDER BY e.player_id",
                           -1, &stmt, NULL);
  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *player = _nile_sqlite_column_text (stmt, 0);
      g_autoptr(NileEncounter) encounter = NULL;
      g_autoptr(GError) local_error = NULL;

      encounter = encounter_from_text (player, sqlite3_column_int (stmt, 1),
                                       _nile_sqlite_column_text (stmt, 2), &local_error);
      if (encounter == NULL)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("the encounter kept for %s can’t be taken up again (%s)"), player, local_error->message);
          return FALSE;
        }
      rc = SQLITE_OK;
    }
  if (rc != SQLITE_DONE)
    return _nile_sqlite_set_error (error, db, rc);
  return TRUE;
}

/* Operations ---------------------------------------------------------------- */

const NileOperationParam _nile_book_keep_encounter_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer meets the tribe"), .names_player = TRUE },
  { "tribe", "x", FALSE, N_("the tribe's native counter, 1–50") },
  { "state", "s", FALSE, N_("the encounter as it stands, as the window saves it (GVariant text)") },
  { NULL }
};

gboolean
_nile_book_keep_encounter (NileCampaign  *campaign,
                           sqlite3       *db,
                           GVariantDict  *params,
                           GString       *summary,
                           GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  const char *text = _nile_book_param_str (params, "state");
  gint64 counter = _nile_book_param_int (params, "tribe", 0);
  g_autoptr(NileEncounter) encounter = NULL;
  g_autofree char *written = NULL;
  gint64 player_id, tribe_id = 0;

  if (!_nile_book_find_player_written (campaign, player, &player_id, &written, error) ||
      !_nile_book_find_tribe_id (campaign, counter, &tribe_id, error))
    return FALSE;

  /* What is kept is read back before it is written: a state no window
   * could take up again is refused now, not when it is needed. */
  encounter = encounter_from_text (written, (int) counter, text, error);
  if (encounter == NULL)
    return FALSE;

  if (!_nile_book_exec (campaign,
                        "INSERT INTO encounter (player_id, tribe_id, state) VALUES (?1, ?2, ?3)"
                        " ON CONFLICT (player_id) DO UPDATE SET tribe_id = excluded.tribe_id, state = excluded.state",
                        g_variant_new ("(xxs)", player_id, tribe_id, text), error))
    return FALSE;

  /* Translators: player, native counter, the encounter's next step, e.g.
   * "Anna’s encounter with tribe 7 goes on: Negotiation next" */
  g_string_append_printf (summary, _("%s’s encounter with tribe %d goes on: %s next"),
                          written, (int) counter, nile_encounter_get_step_title (encounter));
  return TRUE;
}

const NileOperationParam _nile_book_end_encounter_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer met the tribe"), .names_player = TRUE },
  { "tribe", "x", TRUE, N_("the tribe's native counter, 1–50; by default the one of the encounter kept") },
  { NULL }
};

gboolean
_nile_book_end_encounter (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  gint64 counter = _nile_book_param_int (params, "tribe", 0);
  g_autofree char *written = NULL;
  g_autofree char *kept = NULL;
  gint64 player_id, kept_tribe, tribe_id = 0;

  if (!_nile_book_find_player_written (campaign, player, &player_id, &written, error) ||
      !read_kept (campaign, player_id, &kept, &kept_tribe, error))
    return FALSE;

  /* A step that ends an encounter names its tribe, kept or not (one
   * over at its first step never was); a game master ending one needs
   * only name the player. */
  if (counter == 0)
    counter = kept_tribe;
  if (counter == 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND, _("%s has no encounter under way"), written);
      return FALSE;
    }

  /* The tribe named is one met, and the one the encounter kept is with:
   * the log would otherwise end an encounter that never was. */
  if (!_nile_book_find_tribe_id (campaign, counter, &tribe_id, error))
    return FALSE;
  if (kept_tribe != 0 && kept_tribe != counter)
    {
      /* Translators: player, the native counters of two tribes */
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s’s encounter under way is with tribe %d, not tribe %d"),
                   written, (int) kept_tribe, (int) counter);
      return FALSE;
    }

  if (kept_tribe != 0 &&
      !_nile_book_exec (campaign, "DELETE FROM encounter WHERE player_id = ?1",
                        g_variant_new ("(x)", player_id), error))
    return FALSE;

  /* Translators: player, native counter */
  g_string_append_printf (summary, _("%s’s encounter with tribe %d is over"), written, (int) counter);
  return TRUE;
}
