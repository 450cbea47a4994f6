/* nile-turn.c: the steps of a turn, and the preview of its upkeep
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-turn"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "nile-apply-roll.h"
#include "nile-book-db-private.h"
#include "nile-book-ops-private.h"
#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-enums.h"
#include "nile-error.h"
#include "nile-expedition.h"
#include "nile-sqlite-private.h"
#include "nile-turn.h"

#define NOTE_MAX NILE_TURN_NOTE_MAX

/* The steps of the sequence of play (R 8; DG sequence of play). The
 * activity level must name one of its own values; a recovery step
 * counts what became of the sick rolled for (recovery_counts_parse()).
 * A step that @adds_up may be done more than once a turn (each purchase
 * in port, each publication): its notes are kept side by side. */
static const struct {
  const char *name;
  const char *title;
  GType     (*values) (void);
  gboolean    recovery;
  gboolean    adds_up;
} steps[] = {
  { "activity", N_("activity level"), nile_activity_get_type },
  { "disaster", N_("disaster card"), NULL },
  { "movement", N_("movement"), NULL },
  { "new-hex", N_("new hex"), NULL, FALSE, TRUE },
  { "natives", N_("natives"), NULL },
  { "hunting", N_("hunting"), NULL },
  { "recovery-explorer", N_("recovery roll of the explorer"), NULL, TRUE },
  { "recovery-bearers", N_("recovery rolls of sick bearers"), NULL, TRUE },
  { "recovery-guides", N_("recovery rolls of sick guides"), NULL, TRUE },
  { "recovery-askaris", N_("recovery rolls of sick askaris"), NULL, TRUE },
  { "outfit", N_("outfitting"), NULL, FALSE, TRUE },
  { "set-out", N_("setting out"), NULL },
  { "sail", N_("sailing"), NULL },
  { "publish", N_("publishing"), NULL, FALSE, TRUE },
  { "donations", N_("donations"), NULL },
  { "escape", N_("escape attempt"), NULL },
};

const char * const *
nile_turn_step_names (void)
{
  static const char *names[G_N_ELEMENTS (steps) + 1];

  if (names[0] == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
      names[i] = steps[i].name;

  return names;
}

const NileOperationParam _nile_book_turn_step_params[] = {
  { "player", "s", FALSE, N_("the player whose turn it is"), .names_player = TRUE },
  { "step", "s", FALSE, N_("activity, disaster, movement, new-hex, natives, hunting, recovery-explorer, recovery-bearers, recovery-guides, recovery-askaris, outfit, set-out, sail, publish, donations or escape") },
  { "done", "b", TRUE, N_("the step is done (default yes); no ticks it off again"), .default_on = TRUE },
  { "value", "s", TRUE, N_("activity: cautious, normal or reckless; recovery-…: those rolled for, as recovered:N died:N sick:N; other steps: a short note") },
  { NULL }
};

/* What became of the sick rolled for on the Recovery table this turn;
 * "sick" are those still sick after their roll. */
typedef struct {
  int recovered;
  int died;
  int sick;
} RecoveryCounts;

/* Reads "recovered:2 died:0 sick:1": each part at most once, in any
 * order, a missing one 0; someone must have been rolled for. */
static gboolean
recovery_counts_parse (const char      *value,
                       RecoveryCounts  *counts,
                       GError         **error)
{
  g_auto(GStrv) parts = g_strsplit (value != NULL ? value : "", " ", -1);
  gboolean seen[3] = { FALSE, FALSE, FALSE };
  int *fields[3] = { &counts->recovered, &counts->died, &counts->sick };
  static const char *names[3] = { "recovered", "died", "sick" };

  *counts = (RecoveryCounts) { 0, 0, 0 };
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *colon = strchr (parts[i], ':');
      guint64 number;
      guint f;

      if (parts[i][0] == '\0')
        continue;
      for (f = 0; f < G_N_ELEMENTS (names); f++)
        if (colon != NULL && strlen (names[f]) == (gsize) (colon - parts[i]) &&
            strncmp (parts[i], names[f], colon - parts[i]) == 0)
          break;
      if (f == G_N_ELEMENTS (names) || seen[f] ||
          !g_ascii_string_to_unsigned (colon + 1, 10, 0, 1000, &number, NULL))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” does not say what the recovery rolls came to: write recovered:N died:N sick:N"),
                       value);
          return FALSE;
        }
      seen[f] = TRUE;
      *fields[f] = (int) number;
    }

  if (counts->recovered + counts->died + counts->sick == 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” does not say what the recovery rolls came to: write recovered:N died:N sick:N"),
                   value != NULL ? value : "");
      return FALSE;
    }
  return TRUE;
}

static char *
recovery_counts_format (const RecoveryCounts *counts)
{
  return g_strdup_printf ("recovered:%d died:%d sick:%d", counts->recovered, counts->died, counts->sick);
}

/* "2 recovered, 1 died, 1 still sick", the parts that are not 0. */
static char *
recovery_counts_describe (const RecoveryCounts *counts)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (counts->recovered > 0)
    g_string_append_printf (text, _("%d recovered"), counts->recovered);
  if (counts->died > 0)
    {
      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: sick people who died of it, e.g. "1 died" */
      g_string_append_printf (text, _("%d died"), counts->died);
    }
  if (counts->sick > 0)
    {
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, _("%d still sick"), counts->sick);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gint
find_step (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (g_strcmp0 (steps[i].name, name) == 0)
      return (gint) i;
  return -1;
}

/* Ticks steps[@i] off for @player_id in @turn with @value as its note.
 * A step that adds up keeps the notes of the earlier times this turn
 * before the new one, cut to a note's length: a second purchase or
 * publication does not wipe out what the first said. */
static gboolean
write_step (NileCampaign  *campaign,
            gint64         player_id,
            gint64         turn,
            gint           i,
            const char    *value,
            GError       **error)
{
  g_autofree char *before = NULL;
  g_autofree char *joined = NULL;

  if (steps[i].adds_up &&
      !_nile_book_get_text (campaign,
                            "SELECT value FROM turn_step WHERE player_id = ?1 AND turn = ?2 AND step = ?3",
                            g_variant_new ("(xxs)", player_id, turn, steps[i].name), &before, error))
    return FALSE;

  if (before != NULL && before[0] != '\0')
    {
      if (value[0] == '\0')
        value = before;
      else
        {
          /* Translators: the notes of a step done twice in a turn, e.g. "8 bearers; 6 rations" */
          g_autofree char *both = g_strdup_printf (_("%s; %s"), before, value);

          joined = g_utf8_substring (both, 0, MIN (g_utf8_strlen (both, -1), NOTE_MAX));
          value = joined;
        }
    }

  return _nile_book_exec (campaign,
                          "INSERT INTO turn_step (player_id, turn, step, value) VALUES (?1, ?2, ?3, ?4)"
                          " ON CONFLICT (player_id, turn, step) DO UPDATE SET value = excluded.value",
                          g_variant_new ("(xxss)", player_id, turn, steps[i].name, value), error);
}

gboolean
_nile_book_tick_on_turn (NileCampaign  *campaign,
                         gint64         player_id,
                         const char    *step,
                         const char    *note,
                         GError       **error)
{
  gint i = find_step (step);
  g_autofree char *cut = NULL;
  gint64 current, turn;

  g_return_val_if_fail (i >= 0, FALSE);

  if (!_nile_book_get_int (campaign, "SELECT current_player FROM game WHERE id = 1", NULL, 0, &current, error) ||
      !_nile_book_get_turn (campaign, &turn, error))
    return FALSE;

  /* Done out of turn (the first expeditions outfit before play starts,
   * R 5.3), it is no step of the turn being played. */
  if (current != player_id)
    return TRUE;

  cut = g_utf8_substring (note != NULL ? note : "", 0,
                          MIN (g_utf8_strlen (note != NULL ? note : "", -1), NOTE_MAX));
  return write_step (campaign, player_id, turn, i, cut, error);
}

gboolean
_nile_book_turn_step (NileCampaign  *campaign,
                      sqlite3       *db,
                      GVariantDict  *params,
                      GString       *summary,
                      GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  const char *name = _nile_book_param_str (params, "step");
  const char *value = _nile_book_param_str (params, "value");
  gboolean done = _nile_book_param_bool (params, "done", TRUE);
  g_autofree char *note = NULL;
  g_autofree char *written = NULL;
  g_autofree char *in_words = NULL;
  gint64 player_id, turn;
  gint i = find_step (name);

  if (i < 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” is not a step of the turn"), name);
      return FALSE;
    }

  if (value == NULL)
    value = "";

  if (steps[i].values != NULL && done)
    {
      int ignored;

      if (!nile_enum_from_nick (steps[i].values (), value, &ignored))
        {
          g_autofree char *choices = nile_enum_list_nicks (steps[i].values ());

          if (value[0] == '\0')
            /* Translators: a step of the turn, e.g. "activity level", then its choices */
            g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                         _("Say which %s: %s"), _(steps[i].title), choices);
          else
            g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                         _("“%s” is not a choice for the %s; the choices are %s"), value, _(steps[i].title),
                         choices);
          return FALSE;
        }
      in_words = g_strdup (nile_display_phrase (steps[i].values (), value));
    }
  else if (steps[i].recovery && done)
    {
      RecoveryCounts counts;

      if (!recovery_counts_parse (value, &counts, error))
        return FALSE;
      /* Written the one way, so the log and the page read it alike. */
      note = recovery_counts_format (&counts);
      value = note;
      in_words = recovery_counts_describe (&counts);
    }
  else
    {
      /* A note is printed in the log's line, as typed. */
      note = _nile_book_clean_optional (value, _("A note on a step"), error);
      if (note == NULL)
        return FALSE;
      if (g_utf8_strlen (note, -1) > NOTE_MAX)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("A note on a step is at most %d characters"), NOTE_MAX);
          return FALSE;
        }
      value = note;
      in_words = g_strdup (note);
    }

  /* Steps belong to the turn being played: ticked for anyone else they
   * would stand ticked when his own turn comes round. */
  if (!_nile_book_find_player_written (campaign, player, &player_id, &written, error) ||
      !_nile_book_get_turn (campaign, &turn, error) ||
      !_nile_book_require_on_turn (campaign, player_id, written, error))
    return FALSE;

  if (done)
    {
      if (!write_step (campaign, player_id, turn, i, value, error))
        return FALSE;

      /* Translators: player, turn number, step, e.g. "Anna, turn 3: hunting done" */
      g_string_append_printf (summary, _("%s, turn %d: %s done"), written, (int) turn, _(steps[i].title));
      /* A choice in words ("reckless" as the window shows it), a note as typed. */
      if (in_words != NULL && in_words[0] != '\0')
        g_string_append_printf (summary, _(" (%s)"), in_words);
    }
  else
    {
      if (!_nile_book_exec (campaign,
                            "DELETE FROM turn_step WHERE player_id = ?1 AND turn = ?2 AND step = ?3",
                            g_variant_new ("(xxs)", player_id, turn, name), error))
        return FALSE;

      g_string_append_printf (summary, _("%s, turn %d: %s not done yet"), written, (int) turn,
                              _(steps[i].title));
    }

  return TRUE;
}

GHashTable *
nile_turn_get_steps (NileCampaign  *campaign,
                     const char    *player,
                     GError       **error)
{
  g_autoptr(GHashTable) done = NULL;
  sqlite3_stmt *stmt;
  gint64 player_id;
  int rc;

  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (player != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_nile_book_find_player (campaign, player, &player_id, error))
    return NULL;

  stmt = _nile_book_query (campaign,
                           "SELECT step, value FROM turn_step WHERE player_id = ?1"
                           " AND turn = (SELECT turn FROM game WHERE id = 1)",
                           g_variant_new ("(x)", player_id), error);
  if (stmt == NULL)
    return NULL;

  done = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_hash_table_insert (done, _nile_book_column_text (stmt, 0), _nile_book_column_text (stmt, 1));
  sqlite3_reset (stmt);

  if (rc != SQLITE_DONE)
    {
      _nile_sqlite_set_error (error, sqlite3_db_handle (stmt), rc);
      return NULL;
    }

  return g_steal_pointer (&done);
}

NileUpkeepPlan *
nile_turn_plan_upkeep (NileCampaign  *campaign,
                       const char    *player,
                       GError       **error)
{
  return nile_turn_plan_upkeep_full (campaign, player, NULL, error);
}

NileUpkeepPlan *
nile_turn_plan_upkeep_full (NileCampaign  *campaign,
                            const char    *player,
                            GVariant      *params,
                            GError       **error)
{
  g_autoptr(GVariant) owned = params != NULL ? g_variant_ref_sink (params) : NULL;
  g_autoptr(NileBookExplorer) explorer = NULL;
  g_autoptr(GVariant) checked = NULL;
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (owned);

  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (player != NULL, NULL);
  g_return_val_if_fail (params == NULL || g_variant_is_of_type (params, G_VARIANT_TYPE_VARDICT), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* What end-turn would refuse is no preview of it either. */
  g_variant_dict_insert (&dict, "player", "s", player);
  checked = g_variant_ref_sink (g_variant_dict_end (&dict));
  if (!nile_operation_check_params (nile_operation_lookup ("end-turn"), checked, error))
    return NULL;

  explorer = _nile_book_find_explorer (campaign, player, error);
  if (explorer == NULL)
    return NULL;

  g_variant_dict_init (&dict, checked);
  return _nile_book_plan_upkeep (campaign, explorer, &dict, error);
}

/* Who in an expedition falls sick, and the make-up fields of the sick
 * and of the healthy they return to (the explorer has no healthy count:
 * his flag is cleared). */
static const struct {
  const char *who;
  const char *sick;
  const char *healthy;
  const char *step;
} sick_people[] = {
  { "explorer", "explorer_sick", NULL, "recovery-explorer" },
  { "bearers", "sick_bearers", "bearers", "recovery-bearers" },
  { "guides", "sick_guides", "guides", "recovery-guides" },
  { "askaris", "sick_askaris", "askaris", "recovery-askaris" },
};

const char * const *
nile_turn_sick_kinds (void)
{
  static const char *kinds[G_N_ELEMENTS (sick_people) + 1];

  if (kinds[0] == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (sick_people); i++)
      kinds[i] = sick_people[i].who;

  return kinds;
}

static gint
find_sick (const char *who)
{
  for (guint i = 0; i < G_N_ELEMENTS (sick_people); i++)
    if (g_strcmp0 (sick_people[i].who, who) == 0)
      return (gint) i;
  return -1;
}

int
nile_turn_count_sick (const NileExpedition *expedition,
                      const char           *who)
{
  gint i = find_sick (who);

  g_return_val_if_fail (expedition != NULL, 0);
  g_return_val_if_fail (i >= 0, 0);

  return nile_expedition_get_value (expedition, nile_expedition_find_field (sick_people[i].sick));
}

/* This turn's recovery rolls for sick_people[@i], as @steps has them. */
static gboolean
recovery_counts_lookup (GHashTable     *steps,
                        gint            i,
                        RecoveryCounts *counts)
{
  const char *value = steps != NULL ? g_hash_table_lookup (steps, sick_people[i].step) : NULL;

  *counts = (RecoveryCounts) { 0, 0, 0 };
  return value != NULL && recovery_counts_parse (value, counts, NULL);
}

int
nile_turn_count_recovery_due (GHashTable           *steps,
                              const NileExpedition *expedition,
                              const char           *who)
{
  gint i;
  RecoveryCounts counts;
  int sick;

  g_return_val_if_fail (expedition != NULL, 0);

  if (who == NULL)
    {
      int due = 0;

      for (guint k = 0; k < G_N_ELEMENTS (sick_people); k++)
        due += nile_turn_count_recovery_due (steps, expedition, sick_people[k].who);
      return due;
    }

  i = find_sick (who);
  g_return_val_if_fail (i >= 0, 0);

  sick = nile_turn_count_sick (expedition, who);
  /* Those rolled for who stay sick have had this turn's roll (R 19.2);
   * anyone sick besides them has not. */
  recovery_counts_lookup (steps, i, &counts);
  return MAX (sick - counts.sick, 0);
}

int
nile_turn_count_explorer_recovery_due (GHashTable   *steps,
                                       NileExplorer *explorer)
{
  g_return_val_if_fail (NILE_IS_EXPLORER (explorer), 0);

  if (g_strcmp0 (nile_explorer_get_status (explorer), "in-africa") != 0)
    return 0;
  return nile_turn_count_recovery_due (steps, nile_explorer_get_expedition (explorer), NULL);
}

void
nile_turn_count_recovery_rolled (GHashTable           *steps,
                                 const NileExpedition *expedition,
                                 NileExpedition       *rolled)
{
  g_return_if_fail (expedition != NULL && rolled != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sick_people); i++)
    nile_expedition_set_value (rolled, nile_expedition_find_field (sick_people[i].sick),
                               nile_turn_count_sick (expedition, sick_people[i].who) -
                               nile_turn_count_recovery_due (steps, expedition, sick_people[i].who),
                               NULL);
}

char *
nile_turn_describe_recovery (GHashTable *steps,
                             const char *who)
{
  gint i = find_sick (who);
  RecoveryCounts counts;

  g_return_val_if_fail (i >= 0, NULL);

  if (!recovery_counts_lookup (steps, i, &counts))
    return NULL;
  return recovery_counts_describe (&counts);
}

/* The index of @who among the sick, once @result is known to be a
 * finished Recovery roll; -1 with @error set otherwise. */
static gint
check_recovery_roll (const char      *who,
                     NileRollResult  *result,
                     GError         **error)
{
  gint i = find_sick (who);

  if (i < 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("“%s” is not someone who falls sick: use explorer, bearers, guides or askaris"), who);
      return -1;
    }
  if (g_strcmp0 (nile_roll_result_get_roll (result), "recovery") != 0 ||
      nile_roll_result_get_status (result) != NILE_ROLL_STATUS_DONE)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Only a finished Recovery roll says who recovers"));
      return -1;
    }
  return i;
}

/* The sick a finished Recovery roll was made for: one die each for as
 * many as the roll was told of, else those it cured or killed. */
static int
recovery_rolled_for (NileRollResult *result)
{
  GVariant *inputs = nile_roll_result_get_inputs (result);
  gint32 rolled;

  if (inputs == NULL || !g_variant_lookup (inputs, "sick", "i", &rolled))
    rolled = nile_roll_result_sum_effect (result, NILE_EFFECT_RECOVERS) +
             nile_roll_result_sum_effect (result, NILE_EFFECT_SICK_DIES);
  return rolled;
}

/* The value of the recovery step for sick_people[@i] once @result is
 * written down: counted with the rolls for them already in @steps. */
static char *
recovery_step_value (GHashTable     *steps,
                     gint            i,
                     NileRollResult *result)
{
  RecoveryCounts counts;
  int rolled, recovered, died;

  recovered = nile_roll_result_sum_effect (result, NILE_EFFECT_RECOVERS);
  died = nile_roll_result_sum_effect (result, NILE_EFFECT_SICK_DIES);
  rolled = recovery_rolled_for (result);

  /* Rolls made earlier this turn for others of them count on. */
  recovery_counts_lookup (steps, i, &counts);
  counts.recovered += recovered;
  counts.died += died;
  counts.sick += MAX (rolled - recovered - died, 0);
  return recovery_counts_format (&counts);
}

/* A roll for more of sick_people[@i] than are sick, or for those who had
 * this turn's roll already (R 19.2), is refused: even one in which all
 * stay sick, which would change nothing in the make-up. */
static gboolean
check_recovery_due (GHashTable            *steps,
                    const NileExpedition  *expedition,
                    gint                   i,
                    NileRollResult        *result,
                    GError               **error)
{
  int rolled = recovery_rolled_for (result);
  int sick = nile_turn_count_sick (expedition, sick_people[i].who);
  int due = nile_turn_count_recovery_due (steps, expedition, sick_people[i].who);

  if (rolled > sick)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("The roll was for %d sick, and the expedition has fewer sick %s"),
                   rolled, sick_people[i].who);
      return FALSE;
    }
  if (rolled > due)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   g_dngettext (GETTEXT_PACKAGE,
                                "Each sick person rolls for recovery once a turn (R 19.2): the roll is for %d,"
                                " and %d is still to roll",
                                "Each sick person rolls for recovery once a turn (R 19.2): the roll is for %d,"
                                " and %d are still to roll", due),
                   rolled, due);
      return FALSE;
    }
  return TRUE;
}

/* AH: a captive gets away with the members the result names, and "in
 * this use, the term member is changed to bearer only (without load)"
 * (R 15.32): the expedition he left is not his any more. DG results
 * scatter the expedition themselves (apply-roll keeps what they list). */
static GVariant *
escaped_with_bearers (const char *player,
                      int         bearers)
{
  const NileExpeditionField *fields;
  GVariantDict params;
  guint n_fields;

  g_variant_dict_init (&params, NULL);
  g_variant_dict_insert (&params, "player", "s", player);
  fields = nile_expedition_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    if (fields[i].kind == NILE_EXPEDITION_FIELD_COUNT)
      g_variant_dict_insert (&params, fields[i].name, "x", (gint64) 0);
    else if (fields[i].kind == NILE_EXPEDITION_FIELD_FLAG)
      g_variant_dict_insert (&params, fields[i].name, "b", FALSE);
  g_variant_dict_insert (&params, "bearers", "x", (gint64) bearers);
  g_variant_dict_insert (&params, "mode", "s", nile_enum_to_nick (NILE_TYPE_TRAVEL_MODE, NILE_TRAVEL_MODE_FOOT));
  return g_variant_dict_end (&params);
}

static gboolean
check_escape_roll (NileRollResult  *result,
                   GError         **error)
{
  if (g_strcmp0 (nile_roll_result_get_roll (result), "escape") != 0 ||
      nile_roll_result_get_status (result) != NILE_ROLL_STATUS_DONE)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Only a finished escape roll says what becomes of a captive"));
      return FALSE;
    }
  return TRUE;
}

/* ---- recovery-roll and escape-roll: a roll of the turn, one change --- */

/* A roll of the turn and the step it was are one thing the player did:
 * one operation writes both, so they are one change and one undo step
 * from whichever front end. */

/* Runs another operation's apply function in this transaction and adds
 * its log line to @summary. */
static gboolean
run_part (NileCampaign            *campaign,
          sqlite3                 *db,
          NileOperationApplyFunc   apply,
          GVariantDict            *params,
          GString                 *summary,
          GError                 **error)
{
  g_autoptr(GString) part = g_string_new (NULL);

  if (!apply (campaign, db, params, part, error))
    return FALSE;

  if (part->len > 0 && summary->len > 0)
    /* Translators: separates the changes listed in one log line */
    g_string_append (summary, _("; "));
  g_string_append_len (summary, part->str, part->len);
  return TRUE;
}

/* The roll result an operation was given, as the log keeps it. */
static NileRollResult *
roll_param (GVariantDict  *params,
            GVariant     **out_variant,
            GError       **error)
{
  return _nile_book_param_roll (params, out_variant, error);
}

/* apply-roll for @variant, run inside this operation. */
static gboolean
run_apply_roll (NileCampaign  *campaign,
                sqlite3       *db,
                const char    *player,
                GVariant      *variant,
                const char    *sick,
                GString       *summary,
                GError       **error)
{
  g_auto(GVariantDict) params = G_VARIANT_DICT_INIT (NULL);

  g_variant_dict_insert (&params, "player", "s", player);
  g_variant_dict_insert_value (&params, "roll", variant);
  if (sick != NULL)
    g_variant_dict_insert (&params, "sick", "s", sick);
  return run_part (campaign, db, _nile_book_apply_roll_effects, &params, summary, error);
}

static gboolean
run_turn_step (NileCampaign  *campaign,
               sqlite3       *db,
               const char    *player,
               const char    *step,
               const char    *value,
               GString       *summary,
               GError       **error)
{
  g_auto(GVariantDict) params = G_VARIANT_DICT_INIT (NULL);

  g_variant_dict_insert (&params, "player", "s", player);
  g_variant_dict_insert (&params, "step", "s", step);
  if (value != NULL)
    g_variant_dict_insert (&params, "value", "s", value);
  return run_part (campaign, db, _nile_book_turn_step, &params, summary, error);
}

/* @step ticked with @result in words as its note, cut to a note's length. */
static gboolean
run_step_noted (NileCampaign    *campaign,
                sqlite3         *db,
                const char      *player,
                const char      *step,
                NileRollResult  *result,
                GString         *summary,
                GError         **error)
{
  const char *text = nile_roll_result_get_text (result);
  g_autofree char *note = NULL;

  if (text != NULL)
    note = g_utf8_substring (text, 0, MIN (g_utf8_strlen (text, -1), NOTE_MAX));
  return run_turn_step (campaign, db, player, step, note, summary, error);
}

const NileOperationParam _nile_book_recovery_roll_params[] = {
  { "player", "s", FALSE, N_("the player whose sick were rolled for"), .names_player = TRUE },
  { "sick", "s", TRUE, N_("whose sickness was rolled for: explorer, bearers, guides or askaris (default: whoever"
                         " alone is sick)"), _nile_book_sick_choices },
  { "roll", "a{sv}", FALSE, N_("the finished Recovery roll (as the log keeps it, a GVariant a{sv})") },
  { NULL }
};

/* The recovered back to their duties, the dead gone, and the roll
 * written down as made this turn even when everyone stays sick, so no
 * one is rolled for twice (R 19.2). */
gboolean
_nile_book_recovery_roll (NileCampaign  *campaign,
                          sqlite3       *db,
                          GVariantDict  *params,
                          GString       *summary,
                          GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  const char *who = _nile_book_param_str (params, "sick");
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(GHashTable) steps = NULL;
  g_autofree char *value = NULL;
  gint i;

  result = roll_param (params, &variant, error);
  if (result == NULL)
    return FALSE;

  /* Left out, as apply-roll takes it: whoever alone is sick. */
  if (who == NULL)
    {
      g_autoptr(NileBookExplorer) explorer = _nile_book_find_explorer (campaign, player, error);

      if (explorer == NULL)
        return FALSE;
      who = _nile_book_sick_alone (&explorer->makeup, error);
      if (who == NULL)
        return FALSE;
    }
  i = check_recovery_roll (who, result, error);
  if (i < 0)
    return FALSE;

  /* Each sick person rolls once a turn: those still owed their roll, as
   * the campaign holds them before this one. */
  {
    g_autoptr(NileBookExplorer) explorer = _nile_book_find_explorer (campaign, player, error);
    g_autoptr(GHashTable) before = NULL;

    if (explorer == NULL)
      return FALSE;
    before = nile_turn_get_steps (campaign, player, error);
    if (before == NULL || !check_recovery_due (before, &explorer->makeup, i, result, error))
      return FALSE;
  }

  /* Everyone staying sick changes nothing in the book. */
  if (nile_apply_roll_changes_book (result) &&
      !run_apply_roll (campaign, db, player, variant, who, summary, error))
    return FALSE;

  /* Counted with the rolls this turn already has for them, as the
   * campaign holds them now. */
  steps = nile_turn_get_steps (campaign, player, error);
  if (steps == NULL)
    return FALSE;
  value = recovery_step_value (steps, i, result);
  return run_turn_step (campaign, db, player, sick_people[i].step, value, summary, error);
}

const NileOperationParam _nile_book_escape_roll_params[] = {
  { "player", "s", FALSE, N_("the player whose explorer is held captive"), .names_player = TRUE },
  { "roll", "a{sv}", FALSE, N_("the finished escape roll (as the log keeps it, a GVariant a{sv})") },
  { NULL }
};

/* Killed, still held, or free again in Africa with only what he escaped
 * with; the step written down in the same change. */
gboolean
_nile_book_escape_roll (NileCampaign  *campaign,
                        sqlite3       *db,
                        GVariantDict  *params,
                        GString       *summary,
                        GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(NileBookExplorer) explorer = NULL;

  result = roll_param (params, &variant, error);
  if (result == NULL || !check_escape_roll (result, error))
    return FALSE;

  /* Escaping takes his expedition from him: only a captive does. */
  explorer = _nile_book_find_explorer (campaign, player, error);
  if (explorer == NULL)
    return FALSE;
  if (g_strcmp0 (explorer->status, "captive") != 0)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("%s is not held captive: only a captive rolls to escape (R 15.3)"), explorer->name);
      return FALSE;
    }

  /* The first attempt comes at the end of the turn after the capture. */
  {
    g_autofree char *from = NULL;

    if (!_nile_book_status_changed_this_turn (campaign, explorer->id, &from, error))
      return FALSE;
    if (from != NULL)
      {
        g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                     _("%s was taken captive this turn: he tries to escape from the end of next"
                       " turn on (R 15.3)"), explorer->name);
        return FALSE;
      }
  }

  /* Still held: he is a captive already, nothing changes. */
  if (!nile_roll_result_has_effect (result, NILE_EFFECT_EXPLORER_CAPTIVE))
    {
      if (nile_apply_roll_changes_book (result) &&
          !run_apply_roll (campaign, db, player, variant, NULL, summary, error))
        return FALSE;

      if (nile_roll_result_has_effect (result, NILE_EFFECT_EXPLORER_ESCAPES) &&
          !nile_roll_result_has_effect (result, NILE_EFFECT_EXPEDITION_SCATTERED))
        {
          int bearers = MAX (nile_roll_result_sum_effect (result, NILE_EFFECT_EXPLORER_ESCAPES), 0);
          g_autoptr(GVariant) makeup = g_variant_ref_sink (escaped_with_bearers (player, bearers));
          g_auto(GVariantDict) makeup_params = G_VARIANT_DICT_INIT (makeup);

          if (!run_part (campaign, db, _nile_book_set_makeup, &makeup_params, summary, error))
            return FALSE;
        }
    }

  return run_step_noted (campaign, db, player, "escape", result, summary, error);
}

/* The rolls of the turn whose step is ticked with the roll in words,
 * and the step each is made in. */
static const struct {
  const char *roll;
  const char *step;
} noted_rolls[] = {
  { "lost", "movement" },
  { "hunting", "hunting" },
};

const NileOperationParam _nile_book_turn_roll_params[] = {
  { "player", "s", FALSE, N_("the player whose turn it is"), .names_player = TRUE },
  { "roll", "a{sv}", FALSE, N_("the finished Lost or Hunting roll (as the log keeps it, a GVariant a{sv})") },
  { NULL }
};

/* What the roll brought, and the step it was made in (a Lost roll's is
 * the movement, a hunt's the hunting), written down in the same change. */
gboolean
_nile_book_turn_roll (NileCampaign  *campaign,
                      sqlite3       *db,
                      GVariantDict  *params,
                      GString       *summary,
                      GError       **error)
{
  const char *player = _nile_book_param_str (params, "player");
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GVariant) variant = NULL;
  const char *step = NULL;

  result = roll_param (params, &variant, error);
  if (result == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (noted_rolls); i++)
    if (g_strcmp0 (nile_roll_result_get_roll (result), noted_rolls[i].roll) == 0)
      step = noted_rolls[i].step;
  if (step == NULL || nile_roll_result_get_status (result) != NILE_ROLL_STATUS_DONE)
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Only a finished Lost or Hunting roll is written down with its step this way"));
      return FALSE;
    }

  /* Not lost, or nothing shot, changes nothing but the step. */
  if (nile_apply_roll_changes_book (result) &&
      !run_apply_roll (campaign, db, player, variant, NULL, summary, error))
    return FALSE;
  return run_step_noted (campaign, db, player, step, result, summary, error);
}

const char *
nile_turn_roll_operation (const char *roll)
{
  g_return_val_if_fail (roll != NULL, NULL);

  if (g_str_equal (roll, "recovery"))
    return "recovery-roll";
  if (g_str_equal (roll, "escape"))
    return "escape-roll";
  for (guint i = 0; i < G_N_ELEMENTS (noted_rolls); i++)
    if (g_str_equal (roll, noted_rolls[i].roll))
      return "turn-roll";
  return NULL;
}

gboolean
nile_turn_check_reorder (NileCampaign  *campaign,
                         const char    *player,
                         int            position,
                         GError       **error)
{
  gint64 id, n_players, first, current;

  g_return_val_if_fail (NILE_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Any move at all: the player on turn keeping his place is one. */
  if (player == NULL)
    {
      if (!_nile_book_get_int (campaign, "SELECT current_player FROM game WHERE id = 1", NULL, 0, &current, error))
        return FALSE;
      return current == 0 || _nile_book_check_reorder (campaign, current, 1, &first, error);
    }

  if (!_nile_book_find_player (campaign, player, &id, error) ||
      !_nile_book_get_int (campaign, "SELECT count (*) FROM player", NULL, 0, &n_players, error) ||
      !_nile_book_check_range (position, 1, n_players, _("The position in the turn order"), error))
    return FALSE;
  return _nile_book_check_reorder (campaign, id, position, &first, error);
}
