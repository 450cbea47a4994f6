/* nile-apply-roll.c: the apply-roll operation
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every effect kind a roll result can carry is mapped, once, in
 * effect_actions[] to the operation that carries it out and the
 * parameter it feeds. apply-roll gathers the effects by operation and
 * runs those operations in the order of steps[], all inside the one
 * transaction nile_campaign_apply() opened, so the whole roll is one
 * change in the log and one undo step.
 */
#define G_LOG_DOMAIN "nile-apply-roll"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "nile-apply-roll.h"
#include "nile-book-db-private.h"
#include "nile-book-ops-private.h"
#include "nile-display-names.h"
#include "nile-encounter.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-expedition.h"
#include "nile-operation-private.h"
#include "nile-roll.h"
#include "nile-rolls-dg.h"

typedef enum {
  STEP_NONE,       /* shown with the roll, nothing to write down */
  STEP_MAKEUP,     /* apply-effects: a make-up field moves by amount × sign */
  STEP_CARRIERS,   /* lose-carriers: canoes lost with their loads */
  STEP_CACHE,      /* recover-cache with a die of 1 */
  STEP_RELATION,   /* set-relation: how the tribe stands toward him */
  STEP_TRIBE,      /* the tribe's head count */
  STEP_PRISONERS,  /* kept as bearers or released, as the context says */
  STEP_SICK,       /* the sick person rolled for recovers or dies */
  STEP_STATUS,     /* move: the explorer's status */
  STEP_SCATTER,    /* set-makeup: only what he keeps is left */
  STEP_LOST,       /* no further move this turn: the log says so */
  STEP_DEATH,      /* explorer-dies */
} Step;

/* What each effect kind does to the campaign. @param is the make-up
 * field for STEP_MAKEUP (a flag when @sign is 0), the relation or status
 * value otherwise. */
static const struct {
  Step        step;
  const char *param;
  int         sign;
} effect_actions[NILE_N_EFFECTS] = {
  [NILE_EFFECT_FRESH_RATIONS] = { STEP_MAKEUP, "fresh_rations", 1 },
  [NILE_EFFECT_RATIONS] = { STEP_MAKEUP, "rations", 1 },
  [NILE_EFFECT_GIFTS] = { STEP_MAKEUP, "gifts", 1 },
  [NILE_EFFECT_MUSKETS] = { STEP_MAKEUP, "muskets", 1 },
  [NILE_EFFECT_CAMELS] = { STEP_MAKEUP, "pack_camels", 1 },
  [NILE_EFFECT_CANOES] = { STEP_MAKEUP, "canoes", 1 },
  [NILE_EFFECT_CANOES_LOST] = { STEP_CARRIERS, "count", 1 },
  [NILE_EFFECT_ASKARIS_KILLED] = { STEP_MAKEUP, "askaris", -1 },
  [NILE_EFFECT_NATIVES_KILLED] = { STEP_TRIBE, "natives", -1 },
  [NILE_EFFECT_PRISONERS] = { STEP_PRISONERS, "bearers", 1 },
  [NILE_EFFECT_TRIBE_FRIENDLY] = { STEP_RELATION, "friendly", 1 },
  [NILE_EFFECT_TRIBE_HOSTILE] = { STEP_RELATION, "friendly", 0 },
  [NILE_EFFECT_TRIBE_ATTITUDE] = { STEP_RELATION, "attitude", 1 },
  [NILE_EFFECT_EXPLORER_DIES] = { STEP_DEATH, "cause", 1 },
  [NILE_EFFECT_EXPLORER_SICK] = { STEP_MAKEUP, "explorer_sick", 0 },
  [NILE_EFFECT_EXPLORER_CAPTIVE] = { STEP_STATUS, "captive", 1 },
  [NILE_EFFECT_EXPLORER_ESCAPES] = { STEP_STATUS, "in-africa", 1 },
  [NILE_EFFECT_EXPEDITION_SCATTERED] = { STEP_SCATTER, NULL, 1 },
  [NILE_EFFECT_KEEPS] = { STEP_SCATTER, NULL, 1 },
  [NILE_EFFECT_LOST] = { STEP_LOST, NULL, 1 },
  [NILE_EFFECT_GUIDE_DESERTS] = { STEP_MAKEUP, "guides", -1 },
  [NILE_EFFECT_CACHE_GONE] = { STEP_CACHE, "die", 1 },
  /* The hunt's kills come as fresh rations. */
  [NILE_EFFECT_ANIMALS_KILLED] = { STEP_NONE, NULL, 0 },
  [NILE_EFFECT_PERSON_SPARED] = { STEP_NONE, NULL, 0 },
  [NILE_EFFECT_RECOVERS] = { STEP_SICK, NULL, 1 },
  [NILE_EFFECT_SICK_DIES] = { STEP_SICK, NULL, -1 },
};

/* Rolls that spend what the player put in, whatever the dice say: the
 * gifts offered go to the chief (R 13.3), and the tribe remembers being
 * negotiated with. The cache roll's die is the recover-cache die. */
static const struct {
  const char *roll;
  const char *input;      /* spent from the make-up field of that name */
  const char *relation;   /* a relation flag set */
  gboolean    digs_cache;
} roll_actions[] = {
  { "negotiation", "gifts", "negotiated", FALSE },
  { "cache", NULL, NULL, TRUE },
};

/* What an explorer who escapes a scattered expedition may keep (DG
 * Defeat, table A), and where it goes in the make-up. */
static const struct {
  const char *what;
  const char *field;
} kept_fields[] = {
  { "musket", "explorer_armed" },
  { "rations", "rations" },
  { "gifts", "gifts" },
  { "muskets", "muskets" },
  { "guide", "guides" },
  { "bearer", "bearers" },
  { "askari", "askaris" },
  { "camel", "pack_camels" },
  { "horse", "pack_horses" },
  { "canoe", "canoes" },
};

/* Whose sickness a recovery roll was for, and the make-up fields of the
 * sick and the healthy. */
static const struct {
  const char *who;
  const char *sick;
  const char *healthy;
} sick_people[] = {
  { "explorer", "explorer_sick", NULL },
  { "bearers", "sick_bearers", "bearers" },
  { "guides", "sick_guides", "guides" },
  { "askaris", "sick_askaris", "askaris" },
};

const char * const _nile_book_sick_choices[] = { "explorer", "bearers", "guides", "askaris", NULL };

static const char * const prisoners_choices[] = { "keep", "release", "held", NULL };

/* Rolls that settle a fight, won or lost, whatever their effects: the
 * battle is counted with the tribe and the askaris' respect won back
 * (R 5.52, 24.2–24.4). @outcome NULL matches any; a win that costs more
 * askaris than he has is a defeat (R 16.3). Killing a dangerous animal
 * wins the respect too, with no tribe to count. */
typedef enum {
  FIGHT_NONE,
  FIGHT_WON,
  FIGHT_LOST,
  FIGHT_ANIMAL,
} Fight;

static const struct {
  const char *roll;
  const char *outcome;   /* the result's outcome, or a sheet effect kind */
  Fight       fight;
} fight_actions[] = {
  { "combat", "victory", FIGHT_WON },
  { "combat", "defeat", FIGHT_LOST },
  { "native-attack", "battle-won", FIGHT_WON },
  { "native-attack", "battle-lost", FIGHT_LOST },
  { "victory", NULL, FIGHT_WON },
  { "victory-a", "becomes-defeat", FIGHT_LOST },
  { "victory-a", NULL, FIGHT_WON },
  { "victory-b", NULL, FIGHT_WON },
  { "defeat", NULL, FIGHT_LOST },
  { "shoot-animal", "killed", FIGHT_ANIMAL },
};

typedef struct {
  NileCampaign     *campaign;
  sqlite3          *db;
  GVariantDict     *params;
  NileRollResult   *result;
  NileBookExplorer *explorer;
  GString          *summary;
  GString          *makeup;      /* apply-effects' kind:amount list */
  GVariantDict     *relation;    /* set-relation's changes */
  int               totals[NILE_N_EFFECTS];
  gboolean          present[NILE_N_EFFECTS];
  gboolean          dies;
} Plan;

typedef gboolean (*StepFunc) (Plan    *plan,
                              GError **error);

static const char *
roll_title (NileRollResult *result)
{
  const NileRollSpec *spec = nile_roll_lookup (nile_roll_result_get_roll (result));

  return spec != NULL ? _(spec->title) : nile_roll_result_get_roll (result);
}

static void
add_makeup (Plan       *plan,
            const char *field,
            int         amount)
{
  g_string_append_printf (plan->makeup, "%s%s:%d", plan->makeup->len > 0 ? " " : "", field, amount);
}

/* Runs another operation's apply function in this transaction and adds
 * its log line to ours. */
static gboolean
run (Plan                   *plan,
     NileOperationApplyFunc  apply,
     GVariantDict           *params,
     GError                **error)
{
  g_autoptr(GString) part = g_string_new (NULL);

  g_variant_dict_insert (params, "player", "s", plan->explorer->player_name);
  if (!apply (plan->campaign, plan->db, params, part, error))
    return FALSE;

  if (part->len > 0)
    g_string_append_printf (plan->summary, "%s%s", plan->summary->len > 0 ? "; " : "", part->str);
  return TRUE;
}

static NileApplyRollAskFunc ask_func;
static gpointer ask_data;

/* Refuses the roll for want of the choice @key (tribe, cache or sick),
 * saying how to give it when the front end has said how it asks. */
G_GNUC_PRINTF (3, 4)
static void
set_choice_error (GError     **error,
                  const char  *key,
                  const char  *format,
                  ...)
{
  g_autofree char *message = NULL;
  g_autofree char *how = ask_func != NULL ? ask_func (key, ask_data) : NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (how != NULL)
    g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("%s (give %s)"), message, how);
  else
    g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, message);
}

/* The tribe the roll concerns: as given, else the one tribe in the
 * explorer's hex; @n_there is 1 then, else how many live there. */
static gboolean
find_tribe (Plan    *plan,
            gint64  *counter,
            gint64  *n_there,
            GError **error)
{
  *n_there = 1;
  if (g_variant_dict_lookup (plan->params, "tribe", "x", counter))
    return TRUE;

  return _nile_book_get_int (plan->campaign, "SELECT count (*) FROM tribe WHERE hex = ?1",
                             g_variant_new ("(s)", plan->explorer->hex), 0, n_there, error) &&
         (*n_there != 1 ||
          _nile_book_get_int (plan->campaign, "SELECT counter FROM tribe WHERE hex = ?1",
                              g_variant_new ("(s)", plan->explorer->hex), 0, counter, error));
}

/* The same, refused without a tribe. */
static gboolean
require_tribe (Plan    *plan,
               gint64  *counter,
               GError **error)
{
  gint64 n = 0;

  if (!find_tribe (plan, counter, &n, error))
    return FALSE;
  if (n == 1)
    return TRUE;

  if (n == 0)
    set_choice_error (error, "tribe",
                      _("%s changes a tribe, and the book has none at %s: record the tribe, or say which it is by"
                        " its native counter"),
                      roll_title (plan->result), plan->explorer->hex);
  else
    set_choice_error (error, "tribe", _("%s changes a tribe, and several live at %s: say which by its native counter"),
                      roll_title (plan->result), plan->explorer->hex);
  return FALSE;
}

/* Whether @outcome names @result's outcome, a sheet effect it carries,
 * or a flag set in its extras. */
static gboolean
result_has (NileRollResult *result,
            const char     *outcome)
{
  GVariant *extra;

  if (g_strcmp0 (nile_roll_result_get_outcome (result), outcome) == 0 ||
      nile_roll_result_get_extra_bool (result, outcome))
    return TRUE;

  extra = nile_roll_result_lookup_extra (result, "sheet-effects");
  if (extra != NULL && g_variant_is_of_type (extra, G_VARIANT_TYPE_STRING_ARRAY))
    {
      g_autofree const char **kinds = g_variant_get_strv (extra, NULL);

      return g_strv_contains (kinds, outcome);
    }
  return FALSE;
}

static Fight
roll_fight (NileRollResult *result)
{
  const char *roll = nile_roll_result_get_roll (result);

  for (guint i = 0; i < G_N_ELEMENTS (fight_actions); i++)
    if (g_str_equal (fight_actions[i].roll, roll) &&
        (fight_actions[i].outcome == NULL || result_has (result, fight_actions[i].outcome)))
      return fight_actions[i].fight;
  return FIGHT_NONE;
}

/* ---- The steps, in the order they run ------------------------------ */

static gboolean
step_prisoners (Plan    *plan,
                GError **error)
{
  const char *fate = NULL;
  int taken = plan->totals[NILE_EFFECT_PRISONERS];
  gint64 counter;

  if (taken <= 0)
    return TRUE;

  g_variant_dict_lookup (plan->params, "prisoners", "&s", &fate);
  if (g_strcmp0 (fate, "keep") == 0)
    {
      if (nile_specialty_must_release (plan->explorer->specialty))
        {
          g_set_error_literal (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                               _("Missionaries, doctors and ethnologists must release their prisoners (R 16.41)"));
          return FALSE;
        }
      add_makeup (plan, effect_actions[NILE_EFFECT_PRISONERS].param, taken);
    }
  else if (g_strcmp0 (fate, "release") == 0)
    {
      gint64 released = 0, attitude = 0;

      if (!require_tribe (plan, &counter, error) ||
          !_nile_book_get_int (plan->campaign,
                               "SELECT r.prisoners_released FROM relation r JOIN tribe t ON t.id = r.tribe_id"
                               " WHERE t.counter = ?1 AND r.explorer_id = ?2",
                               g_variant_new ("(xx)", counter, plan->explorer->id), 0, &released, error))
        return FALSE;
      g_variant_dict_insert (plan->relation, "prisoners-released", "x", released + taken);

      if (nile_roll_result_get_edition (plan->result) == NILE_EDITION_DG)
        {
          if (!g_variant_dict_lookup (plan->relation, "attitude", "x", &attitude))
            attitude = 0;
          g_variant_dict_insert (plan->relation, "attitude", "x", attitude + NILE_DG_RELEASE_ATTITUDE);
        }
    }
  else if (g_strcmp0 (fate, "held") == 0)
    {
      if (plan->summary->len > 0)
        g_string_append (plan->summary, "; ");
      g_string_append_printf (plan->summary,
                              g_dngettext (GETTEXT_PACKAGE, "%d prisoner held", "%d prisoners held", taken),
                              taken);
    }
  else
    {
      g_autofree char *keep = _nile_operation_name_setting_for_advice ("apply-roll", "prisoners", "keep");
      g_autofree char *release = _nile_operation_name_setting_for_advice ("apply-roll", "prisoners", "release");

      if (keep != NULL && release != NULL)
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     /* Translators: the %s are the settings that keep and that release them */
                     g_dngettext (GETTEXT_PACKAGE,
                                  "The roll took %d prisoner: give %s (as a bearer) or %s",
                                  "The roll took %d prisoners: give %s (as bearers) or %s",
                                  taken),
                     taken, keep, release);
      else
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "The roll took %d prisoner: say whether he is kept as a bearer or released",
                                  "The roll took %d prisoners: say whether they are kept as bearers or released",
                                  taken),
                     taken);
      return FALSE;
    }
  return TRUE;
}

const char *
_nile_book_sick_alone (const NileExpedition  *m,
                       GError               **error)
{
  const char *who = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (sick_people); i++)
    {
      int n = nile_expedition_get_value (m, nile_expedition_find_field (sick_people[i].sick));

      if (n > 0 && who != NULL)
        {
          who = NULL;
          break;
        }
      if (n > 0)
        who = sick_people[i].who;
    }
  if (who == NULL)
    set_choice_error (error, "sick", "%s",
                      _("Say whose sickness was rolled for: the explorer, bearers, guides or askaris"));
  return who;
}

static gboolean
step_sick (Plan    *plan,
           GError **error)
{
  int recovered = plan->totals[NILE_EFFECT_RECOVERS];
  int died = plan->totals[NILE_EFFECT_SICK_DIES];
  const NileExpedition *m = &plan->explorer->makeup;
  const char *who = NULL;
  guint i;

  if (recovered + died == 0)
    return TRUE;

  /* Left out, it is whoever alone is sick. */
  if (!g_variant_dict_lookup (plan->params, "sick", "&s", &who))
    {
      who = _nile_book_sick_alone (m, error);
      if (who == NULL)
        return FALSE;
    }

  for (i = 0; i < G_N_ELEMENTS (sick_people); i++)
    if (g_str_equal (sick_people[i].who, who))
      break;
  if (i == G_N_ELEMENTS (sick_people))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” is not someone who falls sick: use explorer, bearers, guides or askaris"), who);
      return FALSE;
    }

  if (nile_expedition_get_value (m, nile_expedition_find_field (sick_people[i].sick)) < recovered + died)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("The roll was for %d sick, and the expedition has fewer sick %s"),
                   recovered + died, who);
      return FALSE;
    }

  if (sick_people[i].healthy == NULL)
    {
      /* The explorer himself: well again, or dead. */
      if (recovered > 0)
        add_makeup (plan, sick_people[i].sick, 0);
      plan->dies = plan->dies || died > 0;
      return TRUE;
    }

  add_makeup (plan, sick_people[i].sick, -(recovered + died));
  if (recovered > 0)
    add_makeup (plan, sick_people[i].healthy, recovered);
  return TRUE;
}

/* An input flag of the roll, FALSE when it was not given. */
static gboolean
roll_flag (Plan       *plan,
           const char *name)
{
  gboolean value = FALSE;

  return g_variant_lookup (nile_roll_result_get_inputs (plan->result), name, "b", &value) && value;
}

/* AH negotiation: the chief is won over by every item the expedition
 * carries, which leaves with him; people, animals and the explorer's own
 * musket stay. With nothing to give the talk succeeds, so that is only
 * true of an expedition that carries no items (R 14.5). */
static gboolean
spend_everything (Plan    *plan,
                  GError **error)
{
  const NileExpedition *makeup = &plan->explorer->makeup;
  const NileExpeditionField *fields;
  gboolean everything = roll_flag (plan, "everything");
  gboolean nothing = roll_flag (plan, "nothing-to-give");
  guint n_fields;
  int carried = 0;

  if (!everything && !nothing)
    return TRUE;

  fields = nile_expedition_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    {
      int count;

      if (!fields[i].is_item)
        continue;
      count = nile_expedition_get_value (makeup, &fields[i]);
      carried += count;
      if (everything && count > 0)
        add_makeup (plan, fields[i].name, -count);
    }

  if (nothing && carried > 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s carries %d item: he has something to give the chief (R 14.5)",
                                "%s carries %d items: he has something to give the chief (R 14.5)",
                                carried),
                   plan->explorer->name, carried);
      return FALSE;
    }
  return TRUE;
}

static gboolean
step_makeup (Plan    *plan,
             GError **error)
{
  const char *roll = nile_roll_result_get_roll (plan->result);
  GVariantDict params;
  gboolean ok;

  for (guint k = 0; k < NILE_N_EFFECTS; k++)
    {
      if (effect_actions[k].step != STEP_MAKEUP || !plan->present[k])
        continue;
      if (effect_actions[k].sign == 0)
        add_makeup (plan, effect_actions[k].param, 1);
      else if (effect_actions[k].sign < 0 &&
               nile_expedition_get_value (&plan->explorer->makeup,
                                          nile_expedition_find_field (effect_actions[k].param)) == 0)
        continue;  /* no guide to desert, no askari to fall: the log says nothing of them */
      else if (plan->totals[k] != 0)
        add_makeup (plan, effect_actions[k].param, plan->totals[k] * effect_actions[k].sign);
    }

  if (g_str_equal (roll, "negotiation") && !spend_everything (plan, error))
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (roll_actions); i++)
    {
      gint32 spent;

      if (!g_str_equal (roll_actions[i].roll, roll) || roll_actions[i].input == NULL ||
          roll_flag (plan, "everything"))
        continue;
      if (g_variant_lookup (nile_roll_result_get_inputs (plan->result), roll_actions[i].input, "i", &spent) &&
          spent > 0)
        {
          int held = nile_expedition_get_value (&plan->explorer->makeup,
                                                nile_expedition_find_field (roll_actions[i].input));

          /* What is spent must be there: an offer is not a loss, which
           * takes only what is left. */
          if (spent > held)
            {
              g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("%s has %d %s and cannot offer %d"),
                           plan->explorer->name, held, roll_actions[i].input, spent);
              return FALSE;
            }
          add_makeup (plan, roll_actions[i].input, -spent);
        }
    }

  if (!step_prisoners (plan, error) || !step_sick (plan, error))
    return FALSE;
  if (plan->makeup->len == 0)
    return TRUE;

  g_variant_dict_init (&params, NULL);
  g_variant_dict_insert (&params, "effects", "s", plan->makeup->str);
  g_variant_dict_insert (&params, "reason", "s", roll_title (plan->result));
  ok = run (plan, _nile_book_apply_effects, &params, error);
  g_variant_dict_clear (&params);
  return ok;
}

static gboolean
step_carriers (Plan    *plan,
               GError **error)
{
  int lost = plan->totals[NILE_EFFECT_CANOES_LOST];
  GVariantDict params;
  gboolean ok;

  if (lost <= 0)
    return TRUE;

  /* lose-carriers takes bearers on foot: canoes over the falls must
   * come from a canoe expedition (R 9.28). */
  if (plan->explorer->makeup.mode != NILE_TRAVEL_MODE_CANOE)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s does not travel by canoe: no canoe of his can go over the falls"),
                   plan->explorer->name);
      return FALSE;
    }

  g_variant_dict_init (&params, NULL);
  g_variant_dict_insert (&params, "count", "x", (gint64) lost);
  ok = run (plan, _nile_book_lose_carriers, &params, error);
  g_variant_dict_clear (&params);
  return ok;
}

static gboolean
step_cache (Plan    *plan,
            GError **error)
{
  const char *roll = nile_roll_result_get_roll (plan->result);
  const char *owner = NULL;
  GVariantDict params;
  gint64 number, die = 0;
  gboolean ok;
  int total = 0;

  for (guint i = 0; i < G_N_ELEMENTS (roll_actions); i++)
    if (roll_actions[i].digs_cache && g_str_equal (roll_actions[i].roll, roll))
      {
        /* The die decides, and the total is what the step is given: a
         * record edited by hand must not say one thing and do another. */
        guint n_dice;
        const guint8 *dice = nile_roll_result_get_dice (plan->result, &n_dice);

        if (!nile_roll_result_get_total (plan->result, &total) || n_dice != 1 || total != dice[0] ||
            (plan->present[NILE_EFFECT_CACHE_GONE] && total != 1))
          {
            g_autoptr(GString) shown = g_string_new (NULL);

            for (guint d = 0; d < n_dice; d++)
              g_string_append_printf (shown, d == 0 ? "%u" : ", %u", dice[d]);
            g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                         _("%s is one die, and its total is that die: this record’s dice %s and total %d"
                           " don’t agree"), roll_title (plan->result), shown->str, total);
            return FALSE;
          }
        die = total;
      }
  if (plan->present[NILE_EFFECT_CACHE_GONE])
    die = 1;
  if (die == 0)
    return TRUE;

  /* Left out, it is his one hidden cache in this hex. */
  if (!g_variant_dict_lookup (plan->params, "cache", "x", &number))
    {
      gint64 n = 0;

      if (!_nile_book_get_int (plan->campaign,
                               "SELECT count (*) FROM cache c JOIN explorer e ON e.id = c.explorer_id"
                               " WHERE e.player_id = ?1 AND c.hex = ?2 AND c.state = 'hidden'",
                               g_variant_new ("(xs)", plan->explorer->player_id, plan->explorer->hex),
                               0, &n, error) ||
          (n == 1 &&
           !_nile_book_get_int (plan->campaign,
                                "SELECT c.number FROM cache c JOIN explorer e ON e.id = c.explorer_id"
                                " WHERE e.player_id = ?1 AND c.hex = ?2 AND c.state = 'hidden'",
                                g_variant_new ("(xs)", plan->explorer->player_id, plan->explorer->hex),
                                0, &number, error)))
        return FALSE;
      if (n == 0)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                       _("%s has no cache hidden at %s to dig for"), plan->explorer->player_name,
                       plan->explorer->hex);
          return FALSE;
        }
      if (n > 1)
        {
          set_choice_error (error, "cache", _("%s has %d caches hidden at %s: say which was dug for, by its number"),
                            plan->explorer->player_name, (int) n, plan->explorer->hex);
          return FALSE;
        }
    }

  g_variant_dict_init (&params, NULL);
  g_variant_dict_insert (&params, "number", "x", number);
  g_variant_dict_insert (&params, "die", "x", die);
  if (g_variant_dict_lookup (plan->params, "owner", "&s", &owner))
    g_variant_dict_insert (&params, "owner", "s", owner);
  ok = run (plan, _nile_book_recover_cache, &params, error);
  g_variant_dict_clear (&params);
  return ok;
}

/* AH: a tribe friendly to the explorer stays friendly while he lives
 * (R 14.4), and he meets it with no policy to choose (R 13.2): an
 * attitude roll against it has no place in the books. */
static gboolean
check_attitude_not_friendly (Plan    *plan,
                             GError **error)
{
  g_autoptr(GError) no_tribe = NULL;
  NileEdition edition;
  gint64 counter, friendly = 0;

  if (!g_str_equal (nile_roll_result_get_roll (plan->result), "native-attitude"))
    return TRUE;
  if (!_nile_book_get_edition (plan->campaign, &edition, error))
    return FALSE;
  /* Without a tribe the relation step says what is missing. */
  if (edition != NILE_EDITION_AH || !require_tribe (plan, &counter, &no_tribe))
    return TRUE;
  if (!_nile_book_get_int (plan->campaign,
                           "SELECT r.friendly FROM relation r JOIN tribe t ON t.id = r.tribe_id"
                           " WHERE t.counter = ?1 AND r.explorer_id = ?2",
                           g_variant_new ("(xx)", counter, plan->explorer->id), 0, &friendly, error))
    return FALSE;
  if (friendly)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("Tribe %d is friendly to %s: he passes or trades, with no policy and no attitude roll"
                     " (R 13.2, 14.4)"),
                   (int) counter, plan->explorer->name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
step_relation (Plan    *plan,
               GError **error)
{
  const char *roll = nile_roll_result_get_roll (plan->result);
  g_autoptr(GVariant) changes = NULL;
  GVariantDict params;
  gint64 counter, attitude, extra = 0;
  gboolean ok;

  for (guint k = 0; k < NILE_N_EFFECTS; k++)
    if (effect_actions[k].step == STEP_RELATION && plan->present[k] &&
        g_str_equal (effect_actions[k].param, "friendly"))
      g_variant_dict_insert (plan->relation, "friendly", "b", effect_actions[k].sign > 0);
  for (guint i = 0; i < G_N_ELEMENTS (roll_actions); i++)
    if (roll_actions[i].relation != NULL && g_str_equal (roll_actions[i].roll, roll))
      g_variant_dict_insert (plan->relation, roll_actions[i].relation, "b", TRUE);

  /* Attitude changes add to what the book holds. */
  if (g_variant_dict_lookup (plan->relation, "attitude", "x", &extra) || plan->present[NILE_EFFECT_TRIBE_ATTITUDE])
    {
      if (!require_tribe (plan, &counter, error) ||
          !_nile_book_get_int (plan->campaign,
                               "SELECT r.attitude FROM relation r JOIN tribe t ON t.id = r.tribe_id"
                               " WHERE t.counter = ?1 AND r.explorer_id = ?2",
                               g_variant_new ("(xx)", counter, plan->explorer->id), 0, &attitude, error))
        return FALSE;
      g_variant_dict_insert (plan->relation, "attitude", "x",
                             attitude + extra + plan->totals[NILE_EFFECT_TRIBE_ATTITUDE]);
    }

  changes = g_variant_ref_sink (g_variant_dict_end (plan->relation));
  if (g_variant_n_children (changes) == 0)
    return TRUE;
  if (!require_tribe (plan, &counter, error))
    return FALSE;

  g_variant_dict_init (&params, changes);
  g_variant_dict_insert (&params, "tribe", "x", counter);
  ok = run (plan, _nile_book_set_relation, &params, error);
  g_variant_dict_clear (&params);
  return ok;
}

/* AH: releasing the prisoners of a village found is R 16.422's second
 * option, as after-victory has it. Kept, they leave the village to be
 * looted; held, after-victory settles them later. */
static gboolean
step_village (Plan    *plan,
              GError **error)
{
  const char *fate = NULL;
  gint64 counter;

  if (plan->totals[NILE_EFFECT_PRISONERS] <= 0 || !result_has (plan->result, "village-found") ||
      nile_roll_result_get_edition (plan->result) != NILE_EDITION_AH)
    return TRUE;
  g_variant_dict_lookup (plan->params, "prisoners", "&s", &fate);
  if (g_strcmp0 (fate, "release") != 0)
    return TRUE;

  return require_tribe (plan, &counter, error) &&
         _nile_book_spare_village (plan->campaign, plan->explorer, counter, plan->summary, error);
}

static gboolean
step_tribe (Plan    *plan,
            GError **error)
{
  int killed = plan->totals[NILE_EFFECT_NATIVES_KILLED];
  gint64 counter, natives = 0;
  const char *part;

  if (killed <= 0)
    return TRUE;
  if (!require_tribe (plan, &counter, error) ||
      !_nile_book_get_int (plan->campaign, "SELECT natives FROM tribe WHERE counter = ?1",
                           g_variant_new ("(x)", counter), 0, &natives, error))
    return FALSE;

  /* An AH tribe has a size, not a head count; and the book keeps no
   * tribe of nobody. */
  if (natives == 0)
    part = g_dngettext (GETTEXT_PACKAGE, "tribe %d loses %d warrior", "tribe %d loses %d warriors", killed);
  else if (natives - killed < 1)
    {
      /* All it had, however many more the dice would have killed. */
      killed = (int) natives;
      part = g_dngettext (GETTEXT_PACKAGE, "tribe %d loses its %d warrior: take its counter off the board",
                          "tribe %d loses all %d warriors: take its counter off the board", killed);
    }
  else
    {
      if (!_nile_book_exec (plan->campaign, "UPDATE tribe SET natives = ?2 WHERE counter = ?1",
                            g_variant_new ("(xx)", counter, natives - killed), error))
        return FALSE;
      part = g_dngettext (GETTEXT_PACKAGE, "tribe %d loses %d warrior", "tribe %d loses %d warriors", killed);
    }

  if (plan->summary->len > 0)
    g_string_append (plan->summary, "; ");
  g_string_append_printf (plan->summary, part, (int) counter, killed);
  if (natives - killed >= 1)
    g_string_append_printf (plan->summary, _(" (%d → %d)"), (int) natives, (int) (natives - killed));
  return TRUE;
}

/* The fight is counted with its tribe, as journalist-battle counts it; a
 * later roll of the same fight does not count it again. The tribe is the
 * one named, else the one in the explorer's hex. A journalist's news
 * needs it (R 24.2–24.4); for anyone else, with none or several there,
 * only the askaris' respect is won back. */
static gboolean
step_fight (Plan    *plan,
            GError **error)
{
  Fight fight = roll_fight (plan->result);
  gint64 counter = 0, n_there = 0;

  if (fight == FIGHT_NONE)
    return TRUE;
  if (fight != FIGHT_ANIMAL)
    {
      if (!find_tribe (plan, &counter, &n_there, error))
        return FALSE;
      if (n_there != 1 && g_str_equal (plan->explorer->specialty, "journalist"))
        {
          if (n_there == 0)
            set_choice_error (error, "tribe",
                              _("%s’s news needs the tribe he fought, and the book has none at %s: record the"
                                " tribe, or say which it is by its native counter (R 24.4)"),
                              plan->explorer->name, plan->explorer->hex);
          else
            set_choice_error (error, "tribe",
                              _("%s’s news needs the tribe he fought, and several live at %s: say which by its"
                                " native counter (R 24.4)"),
                              plan->explorer->name, plan->explorer->hex);
          return FALSE;
        }
    }
  if (!_nile_book_record_battle (plan->campaign, plan->explorer->player_name, n_there == 1, counter,
                                 fight != FIGHT_LOST, FALSE, plan->summary, error))
    return FALSE;
  /* DG: beating the natives of a hex he mapped earns its +1 VP. */
  return fight != FIGHT_WON || _nile_book_defeat_natives (plan->campaign, plan->explorer, plan->summary, error);
}

static gboolean
step_status (Plan    *plan,
             GError **error)
{
  GVariantDict params;
  gboolean ok = TRUE;

  for (guint k = 0; ok && k < NILE_N_EFFECTS; k++)
    {
      if (effect_actions[k].step != STEP_STATUS || !plan->present[k])
        continue;
      g_variant_dict_init (&params, NULL);
      g_variant_dict_insert (&params, "status", "s", effect_actions[k].param);
      ok = run (plan, _nile_book_move, &params, error);
      g_variant_dict_clear (&params);
    }
  return ok;
}

static gboolean
step_scatter (Plan    *plan,
              GError **error)
{
  g_autoptr(GHashTable) kept = NULL;
  const NileExpeditionField *fields;
  const NileRollEffect *effects;
  GVariantDict params;
  guint n_fields, n_effects;
  gboolean ok;

  if (!plan->present[NILE_EFFECT_EXPEDITION_SCATTERED])
    return TRUE;

  kept = g_hash_table_new (g_str_hash, g_str_equal);
  effects = nile_roll_result_get_effects (plan->result, &n_effects);
  for (guint i = 0; i < n_effects; i++)
    {
      if (effects[i].kind != NILE_EFFECT_KEEPS || effects[i].what == NULL)
        continue;
      for (guint j = 0; j < G_N_ELEMENTS (kept_fields); j++)
        if (g_str_equal (kept_fields[j].what, effects[i].what))
          {
            const char *field = kept_fields[j].field;
            int sum = GPOINTER_TO_INT (g_hash_table_lookup (kept, field)) + effects[i].amount;

            g_hash_table_insert (kept, (gpointer) field, GINT_TO_POINTER (sum));
          }
    }

  g_variant_dict_init (&params, NULL);
  fields = nile_expedition_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    {
      int keeps = GPOINTER_TO_INT (g_hash_table_lookup (kept, fields[i].name));

      if (fields[i].kind == NILE_EXPEDITION_FIELD_COUNT)
        g_variant_dict_insert (&params, fields[i].name, "x", (gint64) keeps);
      else if (g_str_equal (fields[i].name, "explorer_armed"))
        g_variant_dict_insert (&params, fields[i].name, "b", keeps > 0);
    }
  g_variant_dict_insert (&params, "mode", "s", nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, NILE_TRAVEL_MODE_FOOT));
  ok = run (plan, _nile_book_set_makeup, &params, error);
  g_variant_dict_clear (&params);
  return ok;
}

/* The members named in escapes-with, "bearers:2 guides:1", into the
 * member fields of @chosen; their sum in @total. */
static gboolean
parse_escapes_with (const char      *text,
                    NileExpedition  *chosen,
                    int             *total,
                    GError         **error)
{
  g_auto(GStrv) pairs = g_strsplit_set (text, " ,", -1);
  const char * const *members = nile_expedition_member_names ();

  memset (chosen, 0, sizeof *chosen);
  *total = 0;
  for (guint i = 0; pairs[i] != NULL; i++)
    {
      const char *colon = strchr (pairs[i], ':');
      g_autofree char *name = NULL;
      guint64 count;

      if (pairs[i][0] == '\0')
        continue;
      name = colon != NULL ? g_strndup (pairs[i], colon - pairs[i]) : NULL;
      if (name == NULL || !g_strv_contains (members, name) ||
          !g_ascii_string_to_unsigned (colon + 1, 10, 0, NILE_EXPEDITION_MAX_COUNT, &count, NULL))
        {
          g_autofree char *kinds = g_strjoinv (", ", (char **) members);

          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” is not a member he escapes with: write kind:count, e.g. bearers:2; the kinds are %s"),
                       pairs[i], kinds);
          return FALSE;
        }
      count += nile_expedition_get_value (chosen, nile_expedition_find_field (name));
      if (count > NILE_EXPEDITION_MAX_COUNT)
        count = NILE_EXPEDITION_MAX_COUNT;
      nile_expedition_set_value (chosen, nile_expedition_find_field (name), (int) count, NULL);
    }
  for (guint i = 0; members[i] != NULL; i++)
    *total += nile_expedition_get_value (chosen, nile_expedition_find_field (members[i]));
  return TRUE;
}

/* AH: a defeated explorer who escapes keeps only the members he chooses,
 * as many as the result says, and what the carriers among them carry;
 * the rest is lost (R 15.21–15.23). DG results scatter the expedition
 * themselves, and a captive's own attempt (R 15.32) is escape-roll's. */
static gboolean
step_escape (Plan    *plan,
             GError **error)
{
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autoptr(GString) who = g_string_new (NULL);
  const char * const *members = nile_expedition_member_names ();
  const char *given = NULL;
  NileExpedition chosen, after;
  int amount, have, needed, total = 0;

  if (nile_apply_roll_escape_members (plan->result) < 0)
    return TRUE;

  /* The make-up as the steps before left it. */
  explorer = _nile_book_find_explorer (plan->campaign, plan->explorer->player_name, error);
  if (explorer == NULL)
    return FALSE;

  amount = MAX (plan->totals[NILE_EFFECT_EXPLORER_ESCAPES], 0);
  have = nile_expedition_count_members (&explorer->makeup);
  needed = MIN (amount, have);

  if (g_variant_dict_lookup (plan->params, "escapes-with", "&s", &given))
    {
      if (!parse_escapes_with (given, &chosen, &total, error))
        return FALSE;
    }
  else if (needed == 0 || needed == have)
    {
      /* Nothing to choose: alone, or with everyone he has left. */
      if (needed == 0)
        memset (&chosen, 0, sizeof chosen);
      else
        chosen = explorer->makeup;
      total = needed;
    }
  else
    {
      set_choice_error (error, "escapes-with",
                        g_dngettext (GETTEXT_PACKAGE,
                                     "%s escapes with %d member of his choice (R 15.21): say which in"
                                     " escapes-with",
                                     "%s escapes with %d members of his choice (R 15.21): say which in"
                                     " escapes-with", amount),
                        explorer->name, amount);
      return FALSE;
    }

  if (total != needed)
    {
      if (needed < amount)
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "%s escapes with %d member, and has only %d: choose all %d, not %d (R 15.21)",
                                  "%s escapes with %d members, and has only %d: choose all %d, not %d (R 15.21)",
                                  amount),
                     explorer->name, amount, have, needed, total);
      else
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "%s escapes with %d member of his choice, not %d (R 15.21)",
                                  "%s escapes with %d members of his choice, not %d (R 15.21)", amount),
                     explorer->name, amount, total);
      return FALSE;
    }

  if (!nile_expedition_escape_with (&explorer->makeup, &chosen, &after, error))
    return FALSE;

  for (guint i = 0; members[i] != NULL; i++)
    {
      int n = nile_expedition_get_value (&after, nile_expedition_find_field (members[i]));

      if (n > 0)
        g_string_append_printf (who, "%s%s %d", who->len > 0 ? ", " : "", nile_display_field (members[i]), n);
    }

  if (plan->summary->len > 0)
    g_string_append (plan->summary, "; ");
  if (who->len == 0)
    g_string_append_printf (plan->summary, _("%s escapes alone (R 15.21)"), explorer->name);
  else
    g_string_append_printf (plan->summary, _("%s escapes with %s (R 15.21–15.23)"), explorer->name, who->str);

  if (nile_expedition_equal (&explorer->makeup, &after))
    return TRUE;
  g_string_append (plan->summary, _("; the rest is lost: "));
  _nile_book_describe_changes (plan->summary, &explorer->makeup, &after);
  explorer->makeup = after;
  return _nile_book_explorer_save (plan->campaign, explorer, error);
}

static gboolean
step_lost (Plan    *plan,
           GError **error)
{
  if (!plan->present[NILE_EFFECT_LOST])
    return TRUE;

  if (plan->summary->len > 0)
    g_string_append (plan->summary, "; ");
  g_string_append_printf (plan->summary, _("%s is lost: no further move this turn"), plan->explorer->name);
  return TRUE;
}

static gboolean
step_death (Plan    *plan,
            GError **error)
{
  GVariantDict params;
  gboolean ok;

  if (!plan->dies && !plan->present[NILE_EFFECT_EXPLORER_DIES])
    return TRUE;

  /* No cause given: the line already leads with the roll that killed him. */
  g_variant_dict_init (&params, NULL);
  ok = run (plan, _nile_book_explorer_dies, &params, error);
  g_variant_dict_clear (&params);
  return ok;
}

/* The make-up and the relation first, then whatever ends the explorer's
 * part, so the log reads in the order things happened. */
static const StepFunc steps[] = {
  step_makeup,
  step_carriers,
  step_cache,
  step_relation,
  step_village,
  step_tribe,
  step_fight,
  step_scatter,
  step_escape,
  step_status,
  step_lost,
  step_death,
};

/* ---- The operation ------------------------------------------------- */

const NileOperationParam _nile_book_apply_roll_params[] = {
  { "player", "s", FALSE, N_("the player whose expedition the roll struck"), .names_player = TRUE },
  { "roll", "a{sv}", FALSE, N_("the roll result (as the log keeps it, a GVariant a{sv})") },
  { "tribe", "x", TRUE, N_("the native counter of the tribe the roll concerns (default: the one in the explorer's hex)"),
    .names_tribe = TRUE },
  { "cache", "x", TRUE, N_("the number of the cache dug for (default: his one hidden cache in the hex)") },
  { "owner", "s", TRUE, N_("the player whose explorer hid that cache, if not this one"), .names_player = TRUE },
  { "prisoners", "s", TRUE, N_("keep (as bearers), release, or held (settled later)"), prisoners_choices },
  { "sick", "s", TRUE, N_("whose sickness a recovery roll was for: explorer, bearers, guides or askaris"),
    _nile_book_sick_choices },
  { "escapes-with", "s", TRUE, N_("AH defeat: the members the explorer escapes with, as kind:count pairs, e.g."
                                  " “bearers:2 guides:1”; kinds are bearers, sick_bearers, guides, sick_guides,"
                                  " askaris, sick_askaris, ride_horses, pack_horses, ride_camels, pack_camels and"
                                  " canoes (R 15.21–15.23)") },
  { NULL }
};

/* Everything the roll did, written into the books; the operations that
 * write down a roll of the turn with its step call this too. */
gboolean
_nile_book_apply_roll_effects (NileCampaign  *campaign,
                               sqlite3       *db,
                               GVariantDict  *params,
                               GString       *summary,
                               GError       **error)
{
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autoptr(GString) parts = g_string_new (NULL);
  g_autoptr(GString) makeup = g_string_new (NULL);
  const NileRollEffect *effects;
  guint n_effects;
  Plan plan = { 0 };
  gboolean ok = TRUE;

  result = _nile_book_param_roll (params, NULL, error);
  if (result == NULL)
    return FALSE;
  if (nile_roll_result_get_status (result) == NILE_ROLL_STATUS_NEEDS_CELL)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_NEEDS_CELL,
                           _("The roll stopped on a blank cell: fill the cell in and roll again"));
      return FALSE;
    }
  /* An impossible amount would run its step backwards: −5 askaris
   * killed gave him 5 more. */
  if (!nile_roll_result_check_effects (result, error) ||
      !nile_apply_roll_fits_campaign (campaign, result, error))
    return FALSE;
  if (!nile_apply_roll_changes_book (result))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s: nothing in this result changes the books"), roll_title (result));
      return FALSE;
    }

  explorer = _nile_book_find_explorer (campaign, _nile_book_param_str (params, "player"), error);
  if (explorer == NULL)
    return FALSE;

  /* Looting is the explorer's choice, and some callings forbid it
   * (R 16.421); DG's forced looting comes inside the victory roll. */
  if (g_str_equal (nile_roll_result_get_roll (result), "looting") &&
      nile_specialty_must_release (explorer->specialty))
    {
      g_autofree char *calling = nile_display_specialty (explorer->specialty);

      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s (%s) may not loot a village (R 16.421)"), explorer->name, calling);
      return FALSE;
    }

  if (g_str_equal (nile_roll_result_get_roll (result), "victory-b") &&
      !_nile_book_check_table_b (campaign, explorer, error))
    return FALSE;

  plan.campaign = campaign;
  plan.db = db;
  plan.params = params;
  plan.result = result;
  plan.explorer = explorer;
  plan.summary = parts;
  plan.makeup = makeup;
  plan.relation = g_variant_dict_new (NULL);

  effects = nile_roll_result_get_effects (result, &n_effects);
  for (guint i = 0; i < n_effects; i++)
    {
      plan.totals[effects[i].kind] += effects[i].amount;
      plan.present[effects[i].kind] = TRUE;
    }

  ok = check_attitude_not_friendly (&plan, error);
  for (guint i = 0; ok && i < G_N_ELEMENTS (steps); i++)
    ok = steps[i] (&plan, error);
  g_variant_dict_unref (plan.relation);
  if (!ok)
    return FALSE;

  /* The roll in words (it names its table), then what it changed. */
  g_string_append (summary, nile_roll_result_get_text (result) != NULL ? nile_roll_result_get_text (result)
                                                                      : roll_title (result));
  if (parts->len > 0)
    g_string_append_printf (summary, "; %s", parts->str);
  return TRUE;
}

gboolean
_nile_book_apply_roll (NileCampaign  *campaign,
                       sqlite3       *db,
                       GVariantDict  *params,
                       GString       *summary,
                       GError       **error)
{
  g_autoptr(NileRollResult) result = _nile_book_param_roll (params, NULL, error);

  if (result == NULL)
    return FALSE;

  /* Escaping also takes his expedition from him and is the turn's
   * attempt; written here, he would keep both. */
  if (g_str_equal (nile_roll_result_get_roll (result), "escape"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("A captive's escape roll is written down with escape-roll, which also takes"
                             " what he could not escape with (R 15.3)"));
      return FALSE;
    }

  return _nile_book_apply_roll_effects (campaign, db, params, summary, error);
}

/* ---- Public API ---------------------------------------------------- */

GVariant *
nile_apply_roll_params (const char     *player,
                        NileRollResult *result,
                        GVariant       *context)
{
  g_autoptr(GVariant) owned = context != NULL ? g_variant_ref_sink (context) : NULL;
  GVariantDict params;

  g_return_val_if_fail (player != NULL, NULL);
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (result), NULL);

  g_variant_dict_init (&params, owned);
  g_variant_dict_insert (&params, "player", "s", player);
  g_variant_dict_insert_value (&params, "roll", nile_roll_result_to_variant (result));
  return g_variant_dict_end (&params);
}

/**
 * nile_apply_roll_set_ask_func:
 * @func: (nullable): how the front end asks for a choice
 * @user_data: passed to @func
 *
 * Sets how a refusal for want of a choice says to give it. Each front end
 * gives the choices its own way (`roll --apply` as --cache, `do` as
 * cache=); without a func the refusal names none.
 */
void
nile_apply_roll_set_ask_func (NileApplyRollAskFunc func,
                              gpointer             user_data)
{
  ask_func = func;
  ask_data = user_data;
}

/**
 * nile_apply_roll:
 * @campaign: the campaign
 * @player: whose expedition the roll struck
 * @result: a finished roll
 * @context: (nullable): see nile_apply_roll_params()
 * @error: return location for a NILE_ERROR
 *
 * Writes every effect of @result into the campaign as one change: one
 * line in the log, one undo step.
 */
gboolean
nile_apply_roll (NileCampaign    *campaign,
                 const char      *player,
                 NileRollResult  *result,
                 GVariant        *context,
                 GError         **error)
{
  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), FALSE);

  return nile_campaign_apply (campaign, "apply-roll", nile_apply_roll_params (player, result, context), error);
}

/**
 * nile_apply_roll_fits_campaign:
 * @campaign: the campaign
 * @result: a roll
 * @error: return location for a NILE_ERROR
 *
 * Whether @result may be written into @campaign's books as far as the
 * edition goes. Its roll must be a known one, and one its edition has
 * (else NILE_ERROR_INVALID_INPUT). A roll the campaign's edition has a table
 * of its own for is written from that table (else
 * NILE_ERROR_FORBIDDEN): the other's counts in other units (DG tribes
 * have natives, AH ones a size) and by other rules. A roll only the
 * other edition has (AH's shot at an animal in a DG game) may fill the
 * gap.
 */
gboolean
nile_apply_roll_fits_campaign (NileCampaign    *campaign,
                               NileRollResult  *result,
                               GError         **error)
{
  const NileRollSpec *spec;
  NileEdition edition;

  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (result), FALSE);

  spec = nile_roll_lookup (nile_roll_result_get_roll (result));
  /* A record no table could give: made by hand, or mistyped. */
  if (spec == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("There is no roll “%s”"),
                   nile_roll_result_get_roll (result));
      return FALSE;
    }
  if (!nile_roll_spec_has_edition (spec, nile_roll_result_get_edition (result)))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, _("The %s edition has no %s roll"),
                   nile_edition_get_display_name (nile_roll_result_get_edition (result)), roll_title (result));
      return FALSE;
    }
  if (!_nile_book_get_edition (campaign, &edition, error))
    return FALSE;
  if (nile_roll_result_get_edition (result) == edition || !nile_roll_spec_has_edition (spec, edition))
    return TRUE;

  g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
               _("This campaign is played by the %s edition: roll %s on its table, not the %s edition’s"),
               nile_edition_get_display_name (edition), roll_title (result),
               nile_edition_get_display_name (nile_roll_result_get_edition (result)));
  return FALSE;
}

gboolean
nile_apply_roll_changes_book (NileRollResult *result)
{
  const NileRollEffect *effects;
  guint n_effects;

  g_return_val_if_fail (NILE_IS_ROLL_RESULT (result), FALSE);

  if (nile_roll_result_get_status (result) != NILE_ROLL_STATUS_DONE)
    return FALSE;

  effects = nile_roll_result_get_effects (result, &n_effects);
  for (guint i = 0; i < n_effects; i++)
    if (effect_actions[effects[i].kind].step != STEP_NONE)
      return TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (roll_actions); i++)
    if (g_str_equal (roll_actions[i].roll, nile_roll_result_get_roll (result)))
      return TRUE;
  return roll_fight (result) != FIGHT_NONE;
}

/**
 * nile_apply_roll_escape_members:
 * @result: a roll's result
 *
 * AH: a defeated explorer who escapes keeps the members he chooses, as
 * many as the result says (R 15.21); apply-roll then needs
 * escapes-with. DG results scatter the expedition themselves, and a
 * captive's own attempt (R 15.32) takes unladen bearers, with no choice.
 *
 * Returns: how many members @result lets him escape with (0 for alone),
 *   or -1 when it is no such escape
 */
int
nile_apply_roll_escape_members (NileRollResult *result)
{
  g_return_val_if_fail (NILE_IS_ROLL_RESULT (result), -1);

  if (!nile_roll_result_has_effect (result, NILE_EFFECT_EXPLORER_ESCAPES) ||
      nile_roll_result_has_effect (result, NILE_EFFECT_EXPEDITION_SCATTERED) ||
      g_str_equal (nile_roll_result_get_roll (result), "escape"))
    return -1;

  return MAX (nile_roll_result_sum_effect (result, NILE_EFFECT_EXPLORER_ESCAPES), 0);
}
