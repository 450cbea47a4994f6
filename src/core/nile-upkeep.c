/* nile-upkeep.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-upkeep"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-error.h"
#include "nile-upkeep.h"

struct _NileUpkeepPlan {
  NileUpkeepContext context;
  NileExpedition    result;
  GArray           *steps;
  gboolean          explorer_starves;
  gboolean          explorer_dies;
};

G_DEFINE_BOXED_TYPE (NileUpkeepPlan, nile_upkeep_plan,
                     nile_upkeep_plan_ref, nile_upkeep_plan_unref)

/* When food or water runs short the explorer is served first, then the
 * healthy in this order, then the sick; whoever is left without goes.
 * The rules leave the choice open; this keeps the expedition able to
 * carry, fight and find its way for as long as it can. */
static const gsize people_served[] = {
  G_STRUCT_OFFSET (NileExpedition, bearers),
  G_STRUCT_OFFSET (NileExpedition, askaris),
  G_STRUCT_OFFSET (NileExpedition, guides),
  G_STRUCT_OFFSET (NileExpedition, sick_bearers),
  G_STRUCT_OFFSET (NileExpedition, sick_askaris),
  G_STRUCT_OFFSET (NileExpedition, sick_guides),
};

/* Ridden animals before pack animals, so riders keep their mounts. */
static const gsize horses_served[] = {
  G_STRUCT_OFFSET (NileExpedition, ride_horses),
  G_STRUCT_OFFSET (NileExpedition, pack_horses),
};

static const gsize camels_served[] = {
  G_STRUCT_OFFSET (NileExpedition, ride_camels),
  G_STRUCT_OFFSET (NileExpedition, pack_camels),
};

/* The sick of each kind but the explorer, whose sickness is a flag. */
static const gsize sick_kinds[] = {
  G_STRUCT_OFFSET (NileExpedition, sick_bearers),
  G_STRUCT_OFFSET (NileExpedition, sick_guides),
  G_STRUCT_OFFSET (NileExpedition, sick_askaris),
};

#define MEMBER(self, offset) G_STRUCT_MEMBER (int, (self), (offset))

static void
step_clear (gpointer data)
{
  NileUpkeepStep *step = data;

  g_clear_pointer (&step->text, g_free);
}

static void
plan_clear (gpointer data)
{
  NileUpkeepPlan *self = data;

  g_clear_pointer (&self->steps, g_array_unref);
}

NileUpkeepPlan *
nile_upkeep_plan_ref (NileUpkeepPlan *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_rc_box_acquire (self);
}

void
nile_upkeep_plan_unref (NileUpkeepPlan *self)
{
  g_return_if_fail (self != NULL);

  g_rc_box_release_full (self, plan_clear);
}

/* Takes ownership of @text. */
static void
add_step (NileUpkeepPlan       *self,
          NileUpkeepStepKind    kind,
          const NileExpedition *before,
          const NileExpedition *after,
          gboolean              pending,
          char                 *text)
{
  NileUpkeepStep step = {
    .kind = kind,
    .text = text,
    .before = *before,
    .after = *after,
    .pending = pending,
  };

  g_array_append_val (self->steps, step);
}

/* Gives @units, each worth @cost, to the kinds at @offsets in order; those
 * left without are taken off. Returns how many were taken off and lowers
 * *@units by what was given. */
static int
serve (NileExpedition *expedition,
       const gsize    *offsets,
       gsize           n_offsets,
       int             cost,
       int            *units)
{
  int turned_away = 0;

  for (gsize i = 0; i < n_offsets; i++)
    {
      int count = MEMBER (expedition, offsets[i]);
      int served = cost == 0 ? count : MIN (count, *units / cost);

      *units -= served * cost;
      turned_away += count - served;
      MEMBER (expedition, offsets[i]) = served;
    }

  return turned_away;
}

/* "…: bearers 12 → 9, rations 30 → 0". */
static char *
with_changes (char                 *text,
              const NileExpedition *before,
              const NileExpedition *after)
{
  g_autofree char *summary = NULL;
  g_autoptr(GArray) changes = nile_expedition_diff (before, after);
  char *joined;

  if (changes->len == 0)
    return text;

  summary = nile_expedition_describe_changes (changes);
  joined = g_strdup_printf ("%s (%s)", text, summary);
  g_free (text);
  return joined;
}

static void
plan_hunt (NileUpkeepPlan *self,
           NileExpedition *expedition)
{
  NileExpedition before = *expedition;

  if (self->context.hunted == 0)
    return;

  expedition->fresh_rations += self->context.hunted;
  add_step (self, NILE_UPKEEP_STEP_HUNT, &before, expedition, FALSE,
            g_strdup_printf (ngettext ("The hunt brings in %d fresh ration",
                                       "The hunt brings in %d fresh rations",
                                       self->context.hunted),
                             self->context.hunted));
}

static void
plan_starve (NileUpkeepPlan *self,
             NileExpedition *expedition,
             int             fed)
{
  NileExpedition before = *expedition;
  NileExpedition before_said;
  gboolean explorer_fed = fed > 0;
  int others_fed = MAX (0, fed - 1);
  int deserters;
  char *text;

  deserters = serve (expedition, people_served, G_N_ELEMENTS (people_served), 1, &others_fed);

  if (deserters > 0 && !explorer_fed)
    text = g_strdup_printf (ngettext ("With nothing to eat %d man deserts and the explorer falls sick",
                                      "With nothing to eat %d men desert and the explorer falls sick",
                                      deserters),
                            deserters);
  else if (deserters > 0)
    text = g_strdup_printf (ngettext ("With nothing to eat %d man deserts",
                                      "With nothing to eat %d men desert",
                                      deserters),
                            deserters);
  else
    text = g_strdup (_("Nothing to eat"));

  if (!explorer_fed)
    {
      self->explorer_starves = TRUE;
      expedition->explorer_sick = TRUE;
    }

  /* The changes in brackets leave out his sickness when the words
   * before them already say he falls sick. */
  before_said = before;
  if (deserters > 0 && !explorer_fed)
    before_said.explorer_sick = expedition->explorer_sick;
  add_step (self, NILE_UPKEEP_STEP_STARVE, &before, expedition, FALSE,
            with_changes (text, &before_said, expedition));
}

static void
plan_eat (NileUpkeepPlan *self,
          NileExpedition *expedition)
{
  NileExpedition before = *expedition;
  int mouths, fresh, stored, unfed;

  if (nile_locale_provides_food (&self->context.locale))
    {
      add_step (self, NILE_UPKEEP_STEP_EAT, &before, expedition, FALSE,
                g_strdup (_("Food is provided here: nobody eats from the stores")));
      return;
    }

  mouths = nile_expedition_mouths (expedition, &self->context.locale);
  fresh = MIN (expedition->fresh_rations, mouths);
  stored = MIN (expedition->rations, mouths - fresh);
  unfed = mouths - fresh - stored;

  expedition->fresh_rations -= fresh;
  expedition->rations -= stored;
  add_step (self, NILE_UPKEEP_STEP_EAT, &before, expedition, FALSE,
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%d to feed: %d fresh and %d non-perishable ration eaten",
                                          "%d to feed: %d fresh and %d non-perishable rations eaten",
                                          stored),
                             mouths, fresh, stored));

  if (unfed > 0)
    plan_starve (self, expedition, fresh + stored);
}

static void
plan_feed_horses (NileUpkeepPlan *self,
                  NileExpedition *expedition)
{
  NileExpedition before = *expedition;
  int rations = expedition->rations;
  int need = nile_expedition_horse_rations (expedition, &self->context.locale);
  int dead;
  char *text;

  if (need == 0)
    return;

  /* Horses cannot eat the meat of shot animals (R 5.4425), and most fresh
   * food is game, so they eat from the non-perishable stock. */
  dead = serve (expedition, horses_served, G_N_ELEMENTS (horses_served),
                NILE_HORSE_DESERT_RATIONS, &rations);
  expedition->rations = rations;

  if (dead > 0)
    text = g_strdup_printf (ngettext ("Horses in the desert eat %d rations; %d horse dies of hunger",
                                      "Horses in the desert eat %d rations; %d horses die of hunger",
                                      dead),
                            before.rations - rations, dead);
  else
    text = g_strdup_printf (_("Horses in the desert eat %d rations"), before.rations - rations);

  add_step (self, NILE_UPKEEP_STEP_FEED_HORSES, &before, expedition, FALSE,
            with_changes (text, &before, expedition));
}

static void
plan_spoil (NileUpkeepPlan *self,
            NileExpedition *expedition)
{
  NileExpedition before = *expedition;

  if (expedition->fresh_rations == 0)
    return;

  expedition->fresh_rations = 0;
  add_step (self, NILE_UPKEEP_STEP_SPOIL, &before, expedition, FALSE,
            g_strdup_printf (ngettext ("%d fresh ration left over spoils",
                                       "%d fresh rations left over spoil",
                                       before.fresh_rations),
                             before.fresh_rations));
}

static void
plan_thirst (NileUpkeepPlan       *self,
             const NileExpedition *before,
             NileExpedition       *expedition,
             gboolean              camels_drink)
{
  int water = expedition->water;
  int people_gone, animals_gone;
  char *text;

  if (water >= NILE_WATER_PER_PERSON)
    water -= NILE_WATER_PER_PERSON;
  else
    self->explorer_dies = TRUE;

  people_gone = serve (expedition, people_served, G_N_ELEMENTS (people_served),
                       NILE_WATER_PER_PERSON, &water);
  animals_gone = serve (expedition, horses_served, G_N_ELEMENTS (horses_served),
                        NILE_WATER_PER_HORSE, &water);
  animals_gone += serve (expedition, camels_served, G_N_ELEMENTS (camels_served),
                         camels_drink ? NILE_WATER_PER_CAMEL : 0, &water);
  expedition->water = water;

  if (self->explorer_dies)
    text = g_strdup (_("Out of water in the desert: everyone leaves and the explorer dies of thirst"));
  else
    {
      g_autofree char *people = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d man", "%d men", people_gone),
                                                 people_gone);
      g_autofree char *animals = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d animal", "%d animals",
                                                               animals_gone),
                                                  animals_gone);

      /* Translators: "3 men", then "1 animal" */
      text = g_strdup_printf (_("Water runs short in the desert: %s and %s without water leave"), people, animals);
    }

  add_step (self, NILE_UPKEEP_STEP_THIRST, before, expedition, FALSE,
            with_changes (text, before, expedition));
}

static void
plan_drink (NileUpkeepPlan *self,
            NileExpedition *expedition)
{
  NileExpedition before = *expedition;
  int need;

  if (!nile_locale_is_dry (&self->context.locale))
    {
      if (expedition->desert_turns > 0)
        {
          expedition->desert_turns = 0;
          add_step (self, NILE_UPKEEP_STEP_DRINK, &before, expedition, FALSE,
                    g_strdup (_("Water for the taking here: the count of desert turns starts over")));
        }
      return;
    }

  expedition->desert_turns += 1;
  need = nile_expedition_water_for_turn (expedition, expedition->desert_turns);

  if (expedition->water < need)
    {
      plan_thirst (self, &before, expedition, expedition->desert_turns % 2 == 0);
      return;
    }

  expedition->water -= need;
  add_step (self, NILE_UPKEEP_STEP_DRINK, &before, expedition, FALSE,
            g_strdup_printf (_("Turn %d in the dry desert: %d water drunk"),
                             expedition->desert_turns, need));
}

/* The sick who have not had this turn's recovery roll, kind by kind:
 * of each kind no more can have had it than are still there. */
static int
sick_due (NileUpkeepPlan       *self,
          const NileExpedition *expedition)
{
  const NileExpedition *rolled = &self->context.rolled;
  int due = expedition->explorer_sick && !rolled->explorer_sick ? 1 : 0;

  for (gsize i = 0; i < G_N_ELEMENTS (sick_kinds); i++)
    due += MAX (MEMBER (expedition, sick_kinds[i]) - MEMBER (rolled, sick_kinds[i]), 0);

  return due;
}

static void
plan_recovery (NileUpkeepPlan *self,
               NileExpedition *expedition)
{
  int sick = nile_expedition_sick_people (expedition);
  int due = sick_due (self, expedition);
  g_autofree char *awaiting = NULL;
  g_autofree char *rolled = NULL;

  if (sick == 0)
    return;

  if (due > 0)
    awaiting = g_strdup_printf (ngettext ("%d sick person awaits a recovery roll",
                                          "%d sick people await a recovery roll each",
                                          due),
                                due);
  if (sick > due)
    rolled = g_strdup_printf (ngettext ("%d sick person has had this turn’s recovery roll",
                                        "%d sick people have had this turn’s recovery roll",
                                        sick - due),
                              sick - due);

  /* The doctor a port or Cape Colony has helps the rolls still to be
   * made (R 19.2, 19.6). */
  if (awaiting != NULL && nile_upkeep_plan_doctor_in_hex (self))
    {
      /* Translators: "2 sick people await a recovery roll each; the hex’s doctor takes 1 off each die (R 19.6)" */
      char *helped = g_strdup_printf (_("%s; the hex’s doctor takes 1 off each die (R 19.6)"), awaiting);

      g_free (awaiting);
      awaiting = helped;
    }

  /* One roll a turn for each (R 19.2): those rolled for wait for the next. */
  add_step (self, NILE_UPKEEP_STEP_RECOVERY, expedition, expedition, due > 0,
            awaiting != NULL && rolled != NULL
              /* Translators: "1 sick person awaits a recovery roll; 2 sick people have had this turn’s recovery roll" */
              ? g_strdup_printf (_("%s; %s"), awaiting, rolled)
              : g_strdup (awaiting != NULL ? awaiting : rolled));
}

/* @start is the make-up as the turn's moves left it: an explorer sick
 * then was carried, not carrying (R 19.3), whatever he is marked as; one
 * who falls sick of hunger at the end of the turn carried all of it. */
static void
plan_desertion (NileUpkeepPlan       *self,
                const NileExpedition *start,
                NileExpedition       *expedition)
{
  NileExpedition before = *expedition;
  gboolean did_bearer_work = start->explorer_is_bearer && !start->explorer_sick;

  /* Bearer work this turn costs the explorer the askaris' respect, and
   * from then on one leaves every turn until he wins it back (R 5.52);
   * the turn he wins it back, they stop, whatever he carried. */
  if (did_bearer_work && !expedition->explorer_debased && !self->context.respect_won)
    {
      expedition->explorer_debased = TRUE;
      add_step (self, NILE_UPKEEP_STEP_DESERTION, &before, expedition, FALSE,
                g_strdup (_("The explorer’s bearer work costs him the askaris’ respect")));
      before = *expedition;
    }

  if (expedition->explorer_debased && expedition->askaris > 0)
    {
      expedition->askaris -= 1;
      add_step (self, NILE_UPKEEP_STEP_DESERTION, &before, expedition, FALSE,
                g_strdup (_("One askari deserts an explorer he no longer respects")));
    }
}

NileUpkeepPlan *
nile_upkeep_plan_new (const NileExpedition     *expedition,
                      const NileUpkeepContext  *context,
                      GError                  **error)
{
  g_autoptr(NileUpkeepPlan) self = NULL;
  NileExpedition current;

  g_return_val_if_fail (expedition != NULL, NULL);
  g_return_val_if_fail (context != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!nile_expedition_validate (expedition, error) ||
      !nile_expedition_validate (&context->rolled, error))
    return NULL;

  if (context->hunted < 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("A hunt cannot bring in %d rations"), context->hunted);
      return NULL;
    }

  self = g_rc_box_new0 (NileUpkeepPlan);
  self->context = *context;
  self->steps = g_array_new (FALSE, FALSE, sizeof (NileUpkeepStep));
  g_array_set_clear_func (self->steps, step_clear);

  current = *expedition;

  plan_hunt (self, &current);
  plan_eat (self, &current);
  plan_feed_horses (self, &current);
  plan_spoil (self, &current);
  plan_drink (self, &current);

  /* A dead explorer has no one left to nurse or desert. */
  if (!self->explorer_dies)
    {
      plan_recovery (self, &current);
      plan_desertion (self, expedition, &current);
    }

  self->result = current;
  return g_steal_pointer (&self);
}

guint
nile_upkeep_plan_get_n_steps (NileUpkeepPlan *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->steps->len;
}

const NileUpkeepStep *
nile_upkeep_plan_get_step (NileUpkeepPlan *self,
                           guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);

  return &g_array_index (self->steps, NileUpkeepStep, index);
}

const NileExpedition *
nile_upkeep_plan_get_result (NileUpkeepPlan *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return &self->result;
}

gboolean
nile_upkeep_plan_explorer_dies (NileUpkeepPlan *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->explorer_dies;
}

gboolean
nile_upkeep_plan_explorer_starves (NileUpkeepPlan *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->explorer_starves;
}

int
nile_upkeep_plan_sick_to_roll (NileUpkeepPlan *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->explorer_dies ? 0 : sick_due (self, &self->result);
}

gboolean
nile_upkeep_plan_doctor_in_hex (NileUpkeepPlan *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->context.edition == NILE_EDITION_AH &&
         (self->context.locale.port || self->context.locale.cape_colony);
}

char *
nile_upkeep_plan_describe (NileUpkeepPlan *self)
{
  GString *text;

  g_return_val_if_fail (self != NULL, NULL);

  text = g_string_new (NULL);
  for (guint i = 0; i < self->steps->len; i++)
    {
      const NileUpkeepStep *step = &g_array_index (self->steps, NileUpkeepStep, i);

      g_string_append (text, step->text);
      g_string_append_c (text, '\n');
    }

  return g_string_free (text, FALSE);
}
