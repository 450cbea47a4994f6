/* nile-rolls-sheets.c: the rolls that read a table sheet
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-rolls-sheets"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-rolls-private.h"
#include "nile-rolls-sheets.h"
#include "nile-sheet-store.h"

#define GET(name) nile_roll_context_get (ctx, name)
#define DICE_AXIS "roll"

/* A canoe short of paddlers loses movement points (R 9.22–9.25); with
 * not even one bearer a canoe only drifts (R 9.26). */
static const struct {
  guint crew;     /* whole bearers per canoe, at least */
  int   penalty;
} crew_penalties[] = {
  { 8, 0 },
  { 4, -1 },
  { 2, -2 },
  { 1, -3 },
};

/* The DG hunting die's terrain modifiers ("Hunt"). DG gives none for a
 * two-terrain hex, so the player names the terrain that applies. */
static const int dg_hunting_terrain[] = {
  [NILE_TERRAIN_DESERT] = -4,
  [NILE_TERRAIN_VELDT] = 0,
  [NILE_TERRAIN_LAKE] = -3,
  [NILE_TERRAIN_SWAMP] = -1,
  [NILE_TERRAIN_JUNGLE] = 1,
  [NILE_TERRAIN_MOUNTAINS] = 0,
};

static const char *
nick_of (GType type,
         int   value)
{
  return nile_enum_to_nick (type, value);
}

/* Hunting reads one terrain: in a jungle/swamp or jungle/mountain hex the
 * player says which of the two he hunts by. */
static gboolean
single_terrain (NileTerrain   terrain,
                GError      **error)
{
  if (terrain != NILE_TERRAIN_JUNGLE_SWAMP && terrain != NILE_TERRAIN_JUNGLE_MOUNTAIN)
    return TRUE;
  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("Hunting in a %s hex reads one of its two terrains, the better one (R 18.32): "
                 "choose jungle or %s"),
               nile_display_phrase (NILE_TYPE_TERRAIN, nick_of (NILE_TYPE_TERRAIN, terrain)),
               nile_display_phrase (NILE_TYPE_TERRAIN,
                                    terrain == NILE_TERRAIN_JUNGLE_SWAMP ? "swamp" : "mountains"));
  return FALSE;
}

static NileSheet *
sheet_for (NileRollContext  *ctx,
           const char       *sheet_id,
           GError          **error)
{
  NileSheet *sheet;

  if (ctx->sheets == NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                   _("%s reads the “%s” sheet, and no sheets were given"),
                   _(ctx->spec->title), sheet_id);
      return NULL;
    }
  sheet = nile_sheet_store_lookup (ctx->sheets, sheet_id);
  if (sheet == NULL)
    g_set_error (error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                 _("%s reads the “%s” sheet, which is missing"), _(ctx->spec->title), sheet_id);
  return sheet;
}

/* Coordinates from "axis=value" pairs, NULL-terminated. A dice total is
 * given as a number and reads the nearest printed row. */
static GStrv
coords_for (NileSheet  *sheet,
            GError    **error,
            const char *first,
            ...)
{
  /* Rolls name at most a few axes: borrow the strings, no copies. */
  const char *assignments[8];
  const char *a = first;
  guint n = 0;
  va_list args;

  va_start (args, first);
  for (; a != NULL && n < G_N_ELEMENTS (assignments) - 1; a = va_arg (args, const char *))
    assignments[n++] = a;
  va_end (args);
  g_return_val_if_fail (a == NULL, NULL);
  assignments[n] = NULL;
  return nile_sheet_parse_coords (sheet, assignments, error);
}

static char *
dice_assignment (NileSheet *sheet,
                 int        total)
{
  int axis = nile_sheet_find_axis (sheet, DICE_AXIS);

  g_return_val_if_fail (axis >= 0, NULL);
  return g_strconcat (DICE_AXIS "=", nile_sheet_axis_value_for_number (sheet, axis, total, NULL), NULL);
}

/* Adds the sheet's modifiers whose condition the roll's inputs meet, with
 * their reasons, and returns their sum. */
static int
apply_modifiers (NileRollContext *ctx,
                 NileSheet       *sheet)
{
  g_autoptr(GVariantDict) inputs = NULL;
  int sum = 0;

  /* Most sheets have no modifiers: skip the dictionary for them. */
  if (nile_sheet_get_n_modifiers (sheet) == 0)
    return 0;
  inputs = g_variant_dict_new (nile_roll_result_get_inputs (ctx->result));
  for (guint i = 0; i < nile_sheet_get_n_modifiers (sheet); i++)
    if (nile_sheet_modifier_applies (sheet, i, inputs))
      {
        int value = nile_sheet_get_modifier_value (sheet, i);

        nile_roll_result_add_modifier (ctx->result, nile_sheet_get_modifier_reason (sheet, i), value);
        sum += value;
      }
  return sum;
}

/* Every cell read records whether it was a suggestion: share the two
 * values rather than make one per read. */
static GVariant *
boolean_variant (gboolean value)
{
  static GVariant *values[2];
  static gsize made = 0;

  if (g_once_init_enter (&made))
    {
      values[FALSE] = g_variant_ref_sink (g_variant_new_boolean (FALSE));
      values[TRUE] = g_variant_ref_sink (g_variant_new_boolean (TRUE));
      g_once_init_leave (&made, 1);
    }
  return values[value != FALSE];
}

/* Reads the cell; a blank one turns the result into a request for it. */
static const NileSheetCell *
read_cell (NileRollContext    *ctx,
           NileSheet          *sheet,
           const char * const *coords,
           int                 total)
{
  const NileSheetCell *cell = nile_sheet_peek_cell (sheet, coords);
  g_autoptr(GVariant) where = nile_sheet_get_coords_variant (sheet, coords);
  NileRollCellState state;

  if (cell->state == NILE_CELL_BLANK)
    {
      g_autofree char *place = nile_sheet_describe_coords (sheet, coords);

      nile_roll_result_set_needs_cell (ctx->result, nile_sheet_get_id (sheet),
                                       where, total);
      nile_roll_result_set_outcome (ctx->result, "needs-cell");
      nile_rolls_set_text (ctx, _("%s — read this cell off your board"), place);
      return NULL;
    }

  if (cell->owner)
    state = NILE_ROLL_CELL_LEARNED;
  else if (cell->state == NILE_CELL_SUGGESTED)
    state = NILE_ROLL_CELL_SUGGESTED;
  else
    state = NILE_ROLL_CELL_KNOWN;
  nile_roll_result_set_cell (ctx->result, nile_sheet_get_id (sheet),
                             where, cell->value, state);
  nile_roll_result_set_extra (ctx->result, "suggested",
                              boolean_variant (state == NILE_ROLL_CELL_SUGGESTED));
  return cell;
}

/* Reads the cell of a sheet whose only axis is the die, for one of
 * several dice: FALSE if the sheet has no such cell, else TRUE with
 * @cell NULL when it is blank (the result then asks for it). */
static gboolean
read_die_cell (NileRollContext      *ctx,
               NileSheet            *sheet,
               int                   total,
               const NileSheetCell **cell,
               GError              **error)
{
  g_autofree char *dice = dice_assignment (sheet, total);
  g_auto(GStrv) coords = coords_for (sheet, error, dice, NULL);

  *cell = NULL;
  if (coords == NULL)
    return FALSE;
  nile_roll_result_set_total (ctx->result, total);
  *cell = read_cell (ctx, sheet, (const char * const *) coords, total);
  return TRUE;
}

static int
effect_int (JsonObject *effect,
            const char *member,
            int         fallback)
{
  JsonNode *node = json_object_get_member (effect, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return fallback;
  return (int) json_node_get_int (node);
}

/* Hands out what a result does. Kinds the roll result knows become its
 * effects; a following roll is named in "next-roll"; the rest are listed
 * in "sheet-effects" for whoever applies the turn. */
static void
apply_effects (NileRollContext *ctx,
               NileSheet       *sheet,
               const char      *value,
               int              times)
{
  gboolean is_number;
  int number;
  JsonArray *effects = nile_sheet_peek_effects (sheet, value, &is_number, &number);
  g_autoptr(GStrvBuilder) others = NULL;
  g_auto(GStrv) other_kinds = NULL;

  for (guint i = 0; i < json_array_get_length (effects); i++)
    {
      JsonObject *effect = json_array_get_object_element (effects, i);
      const char *kind = json_object_get_string_member (effect, "kind");
      const char *what = json_object_get_string_member_with_default (effect, "what", NULL);
      NileEffectKind known;

      if (nile_effect_kind_from_nick (kind, &known))
        nile_roll_result_add_effect (ctx->result, known,
                                     (is_number ? number : effect_int (effect, "amount", 1)) * times,
                                     what);
      else if (g_str_equal (kind, "next-roll"))
        nile_roll_result_set_extra (ctx->result, "next-roll",
                                    g_variant_new_string (json_object_get_string_member_with_default (effect, "roll", "")));
      else
        {
          if (others == NULL)
            others = g_strv_builder_new ();
          g_strv_builder_add (others, kind);
        }
    }

  if (others == NULL)
    return;
  other_kinds = g_strv_builder_end (others);
  nile_roll_result_set_extra (ctx->result, "sheet-effects",
                              g_variant_new_strv ((const char * const *) other_kinds, -1));
}

static char *
describe_value (NileSheet  *sheet,
                const char *value)
{
  if (nile_sheet_has_codes (sheet))
    return g_strdup_printf ("%s: %s", value, nile_sheet_get_code_meaning (sheet, value));
  return g_strdup_printf ("%s %s", value, nile_sheet_get_unit (sheet));
}

/* One cell, one result: the common end of most sheet rolls. */
static gboolean
finish_with_cell (NileRollContext    *ctx,
                  NileSheet          *sheet,
                  const char * const *coords,
                  int                 total)
{
  const NileSheetCell *cell = NULL;
  g_autofree char *place = NULL;
  g_autofree char *meaning = NULL;

  nile_roll_result_set_total (ctx->result, total);
  cell = read_cell (ctx, sheet, coords, total);
  if (cell == NULL)
    return TRUE;

  nile_roll_result_set_outcome (ctx->result, cell->value);
  apply_effects (ctx, sheet, cell->value, 1);
  place = nile_sheet_describe_coords (sheet, coords);
  meaning = describe_value (sheet, cell->value);
  if (cell->state == NILE_CELL_SUGGESTED)
    nile_rolls_set_text (ctx, _("%s → %s (a suggested cell: check it against your board)"), place, meaning);
  else
    nile_rolls_set_text (ctx, "%s → %s", place, meaning);
  return TRUE;
}

/* The dice, the sheet's modifiers, then the cell at the other axes. */
static gboolean
roll_on_sheet (NileRollContext  *ctx,
               const char       *sheet_id,
               guint             n_dice,
               const char       *axis1,
               const char       *axis2,
               GError          **error)
{
  NileSheet *sheet = sheet_for (ctx, sheet_id, error);
  g_autofree char *dice = NULL;
  g_auto(GStrv) coords = NULL;
  int total;

  if (sheet == NULL)
    return FALSE;
  total = (int) nile_dice_sum (ctx->dice, ctx->result, n_dice);
  total += apply_modifiers (ctx, sheet);
  dice = dice_assignment (sheet, total);
  coords = coords_for (sheet, error, dice, axis1, axis2, NULL);
  if (coords == NULL)
    return FALSE;
  return finish_with_cell (ctx, sheet, (const char * const *) coords, total);
}

gboolean
nile_rolls_ah_native_attitude (NileRollContext  *ctx,
                               GError          **error)
{
  g_autofree char *policy = g_strdup_printf ("policy=%d", GET ("policy"));
  g_autofree char *activity = g_strdup_printf ("activity=%s", nick_of (NILE_TYPE_ACTIVITY, GET ("activity")));

  return roll_on_sheet (ctx, "native-attitude", 2, policy, activity, error);
}

gboolean
nile_rolls_ah_negotiation (NileRollContext  *ctx,
                           GError          **error)
{
  g_autofree char *gifts = g_strdup_printf ("gifts=%d", GET ("gifts"));

  /* Giving all he carries, or having nothing to give, always wins the
   * chief over; no dice are thrown (R 14.5). */
  if (GET ("everything") || GET ("nothing-to-give"))
    {
      nile_roll_result_set_outcome (ctx->result, "F");
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_TRIBE_FRIENDLY, 1, NULL);
      nile_rolls_set_text (ctx, GET ("everything")
                                ? _("Everything he carries goes to the chief: the tribe is friendly")
                                : _("He has nothing to give: the negotiation succeeds, the tribe is friendly"));
      return TRUE;
    }
  if (!nile_roll_context_has (ctx, "gifts"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Negotiation needs the gifts offered, or that everything is offered, or that"
                             " there is nothing to give"));
      return FALSE;
    }
  return roll_on_sheet (ctx, "negotiation", 2, gifts, NULL, error);
}

gboolean
nile_rolls_ah_native_attack (NileRollContext  *ctx,
                             GError          **error)
{
  /* Healthy askaris, and the explorer when he carries a musket (R 13.41). */
  g_autofree char *fighters = g_strdup_printf ("fighters=%d", GET ("askaris") + GET ("armed"));
  g_autofree char *size = g_strdup_printf ("size=%s", nick_of (NILE_TYPE_TRIBE_SIZE, GET ("size")));

  if (!roll_on_sheet (ctx, "native-attack", 2, fighters, size, error))
    return FALSE;
  if (GET ("policy") == 2 && g_strcmp0 (nile_roll_result_get_outcome (ctx->result), "H") == 0)
    {
      nile_roll_result_set_extra (ctx->result, "retreat", g_variant_new_boolean (TRUE));
      nile_rolls_set_text (ctx, _("%s; under policy 2 you retreat (R 13.42)"),
                           nile_roll_result_get_text (ctx->result));
    }
  return TRUE;
}

gboolean
nile_rolls_ah_victory_a (NileRollContext  *ctx,
                         GError          **error)
{
  g_autofree char *size = g_strdup_printf ("size=%s", nick_of (NILE_TYPE_TRIBE_SIZE, GET ("size")));
  int lost;

  if (!roll_on_sheet (ctx, "victory-a", 1, size, NULL, error))
    return FALSE;
  if (nile_roll_result_get_status (ctx->result) != NILE_ROLL_STATUS_DONE)
    return TRUE;

  /* More askaris fall than he has: the victory becomes a defeat (R 16.3). */
  lost = nile_roll_result_sum_effect (ctx->result, NILE_EFFECT_ASKARIS_KILLED);
  if (nile_roll_context_has (ctx, "askaris") && lost > GET ("askaris"))
    {
      nile_roll_result_set_extra (ctx->result, "becomes-defeat", g_variant_new_boolean (TRUE));
      nile_roll_result_set_extra (ctx->result, "next-roll", g_variant_new_string ("defeat"));
      nile_rolls_set_text (ctx, _("%s, more than the %d he has: the victory turns into a defeat (R 16.3)"),
                           nile_roll_result_get_text (ctx->result), GET ("askaris"));
    }
  /* Prisoners are taken and the village found by the askaris left after
   * the fight: with none left there is no table B (R 16.4). */
  else if (nile_roll_context_has (ctx, "askaris") && lost == GET ("askaris"))
    nile_rolls_set_text (ctx, _("%s, all he has: the victory stands, but no askari is left to take prisoners"
                                " or find the village (R 16.4)"),
                         nile_roll_result_get_text (ctx->result));
  else
    nile_roll_result_set_extra (ctx->result, "next-roll", g_variant_new_string ("victory-b"));
  return TRUE;
}

gboolean
nile_rolls_ah_victory_b (NileRollContext  *ctx,
                         GError          **error)
{
  g_autofree char *size = g_strdup_printf ("size=%s", nick_of (NILE_TYPE_TRIBE_SIZE, GET ("size")));

  return roll_on_sheet (ctx, "victory-b", 1, size, NULL, error);
}

/* Also the captive's escape roll each turn (R 15.32). */
gboolean
nile_rolls_ah_defeat (NileRollContext  *ctx,
                      GError          **error)
{
  return roll_on_sheet (ctx, "defeat", 1, NULL, NULL, error);
}

gboolean
nile_rolls_ah_native_strength (NileRollContext  *ctx,
                               GError          **error)
{
  g_autofree char *distance = g_strdup_printf ("distance=%d", GET ("distance"));

  return roll_on_sheet (ctx, "native-strength", 1, distance, NULL, error);
}

gboolean
nile_rolls_ah_hunting (NileRollContext  *ctx,
                       GError          **error)
{
  NileTerrain terrain = GET ("terrain");
  g_autofree char *terrain_at = NULL;
  g_autofree char *activity = g_strdup_printf ("activity=%s", nick_of (NILE_TYPE_ACTIVITY, GET ("activity")));
  g_autofree char *hunters = NULL;
  int n_hunters = GET ("hunters");

  /* The player picks the better terrain of a two-terrain hex (R 18.32). */
  if (!single_terrain (terrain, error))
    return FALSE;

  /* A lone explorer may hunt without a musket, at −2 (R 18.7). */
  if (GET ("lone-unarmed"))
    {
      if (n_hunters > 0)
        {
          g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                               _("An unarmed explorer hunting alone has no other hunters: leave out the hunters"));
          return FALSE;
        }
      n_hunters = 1;
    }
  if (n_hunters == 0)
    {
      nile_roll_result_set_outcome (ctx->result, "no-hunters");
      nile_rolls_set_text (ctx, _("Nobody can hunt: no healthy askaris and no armed explorer"));
      return TRUE;
    }

  terrain_at = g_strdup_printf ("terrain=%s", nick_of (NILE_TYPE_TERRAIN, terrain));
  hunters = g_strdup_printf ("hunters=%d", n_hunters);
  {
    NileSheet *sheet = sheet_for (ctx, "hunting", error);
    g_autofree char *dice = NULL;
    g_auto(GStrv) coords = NULL;
    int total;

    if (sheet == NULL)
      return FALSE;
    total = (int) nile_dice_d6 (ctx->dice, ctx->result) + apply_modifiers (ctx, sheet);
    dice = dice_assignment (sheet, total);
    coords = coords_for (sheet, error, terrain_at, activity, hunters, dice, NULL);
    if (coords == NULL)
      return FALSE;
    return finish_with_cell (ctx, sheet, (const char * const *) coords, total);
  }
}

/* One die per sick person on @sheet_id, every die thrown before any cell
 * is read so a blank cell asks for exactly the dice already entered. */
static gboolean
roll_per_sick (NileRollContext  *ctx,
               const char       *sheet_id,
               GError          **error)
{
  NileSheet *sheet = sheet_for (ctx, sheet_id, error);
  int n_sick = GET ("sick");
  g_autofree int *totals = NULL;
  g_autoptr(GHashTable) counts = NULL;
  g_autoptr(GString) text = NULL;
  int modifier;

  if (sheet == NULL)
    return FALSE;

  modifier = apply_modifiers (ctx, sheet);
  totals = g_new (int, n_sick);
  for (int i = 0; i < n_sick; i++)
    totals[i] = (int) nile_dice_d6 (ctx->dice, ctx->result) + modifier;

  counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (int i = 0; i < n_sick; i++)
    {
      const NileSheetCell *cell;

      if (!read_die_cell (ctx, sheet, totals[i], &cell, error))
        return FALSE;
      if (cell == NULL)
        return TRUE;
      apply_effects (ctx, sheet, cell->value, 1);
      g_hash_table_insert (counts, g_strdup (cell->value),
                           GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (counts, cell->value)) + 1));
    }

  /* Several sick people: the counts by result, in the sheet's code order. */
  text = g_string_new (NULL);
  for (guint c = 0; c < nile_sheet_get_n_codes (sheet); c++)
    {
      const char *code = nile_sheet_get_code (sheet, c);
      int count = GPOINTER_TO_INT (g_hash_table_lookup (counts, code));

      nile_roll_result_set_extra (ctx->result, code, g_variant_new_int32 (count));
      if (count > 0)
        {
          /* A meaning is a sentence; in a list it loses its full stop. */
          g_autofree char *meaning = g_strdup (nile_sheet_get_code_meaning (sheet, code));
          gsize length = strlen (meaning);

          if (length > 0 && meaning[length - 1] == '.')
            meaning[length - 1] = '\0';
          g_string_append_printf (text, "%s%d × %s", text->len > 0 ? "; " : "", count, meaning);
        }
    }
  if (n_sick == 1)
    {
      const char *value = NULL;

      nile_roll_result_get_cell (ctx->result, NULL, NULL, &value, NULL);
      nile_roll_result_set_outcome (ctx->result, value);
    }
  else
    nile_roll_result_set_outcome (ctx->result, "several");
  nile_rolls_set_text (ctx, g_dngettext (GETTEXT_PACKAGE, "%d sick: %s", "%d sick: %s", n_sick),
                       n_sick, text->str);
  return TRUE;
}

gboolean
nile_rolls_ah_recovery (NileRollContext  *ctx,
                        GError          **error)
{
  return roll_per_sick (ctx, "recovery", error);
}

gboolean
nile_rolls_dg_recovery (NileRollContext  *ctx,
                        GError          **error)
{
  return roll_per_sick (ctx, "dg-recovery", error);
}

gboolean
nile_rolls_ah_lost (NileRollContext  *ctx,
                    GError          **error)
{
  NileSheet *sheet;
  const NileSheetCell *cell = NULL;
  int total, lost_number;
  gboolean lost;

  /* One move follows the river one way or the other (R 12.5). */
  if (GET ("upstream") && GET ("downstream"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("A move is upstream or downstream, not both"));
      return FALSE;
    }

  /* Following a river downstream you never get lost (R 12.5). */
  if (GET ("downstream"))
    {
      nile_roll_result_set_outcome (ctx->result, "not-lost");
      nile_rolls_set_text (ctx, _("Following the river downstream: never lost"));
      return TRUE;
    }
  if (!GET ("upstream") && !nile_roll_context_has (ctx, "terrain"))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Lost needs the terrain of the hex being left, or that the move is upstream"));
      return FALSE;
    }

  sheet = sheet_for (ctx, "lost-numbers", error);
  if (sheet == NULL)
    return FALSE;
  total = (int) nile_dice_d6 (ctx->dice, ctx->result) + apply_modifiers (ctx, sheet);
  nile_roll_result_set_total (ctx->result, total);

  if (GET ("upstream"))
    lost_number = 2;
  else
    {
      g_autofree char *terrain = g_strdup_printf ("terrain=%s", nick_of (NILE_TYPE_TERRAIN, GET ("terrain")));
      g_auto(GStrv) coords = coords_for (sheet, error, terrain, NULL);

      if (coords == NULL)
        return FALSE;
      cell = read_cell (ctx, sheet, (const char * const *) coords, total);
      if (cell == NULL)
        return TRUE;
      lost_number = (int) g_ascii_strtoll (cell->value, NULL, 10);
    }

  /* At or under the Lost number after the modifiers (rulings.md, Lost). */
  lost = total <= lost_number;
  nile_roll_result_set_extra (ctx->result, "lost-number", g_variant_new_int32 (lost_number));
  nile_roll_result_set_outcome (ctx->result, lost ? "lost" : "not-lost");
  if (lost)
    {
      nile_roll_result_add_effect (ctx->result, NILE_EFFECT_LOST, 1, NULL);
      if (GET ("guide"))
        nile_roll_result_add_effect (ctx->result, NILE_EFFECT_GUIDE_DESERTS, 1, NULL);
    }
  if (GET ("upstream"))
    nile_rolls_set_text (ctx, lost ? _("Upstream, Lost number 2: %d is at or under it, lost")
                                   : _("Upstream, Lost number 2: %d is over it, on course"),
                         total);
  else
    nile_rolls_set_text (ctx, lost ? _("Lost number %d%s: %d is at or under it, lost")
                                   : _("Lost number %d%s: %d is over it, on course"),
                         lost_number,
                         cell->state == NILE_CELL_SUGGESTED ? _(" (suggested: check it against your board)") : "",
                         total);
  return TRUE;
}

gboolean
nile_rolls_ah_activity (NileRollContext  *ctx,
                        GError          **error)
{
  NileSheet *sheet = sheet_for (ctx, "activity-level", error);
  NileTravelMode mode = GET ("mode");
  g_autofree char *mode_at = g_strdup_printf ("mode=%s", nick_of (NILE_TYPE_TRAVEL_MODE, mode));
  g_autofree char *activity = g_strdup_printf ("activity=%s", nick_of (NILE_TYPE_ACTIVITY, GET ("activity")));
  g_auto(GStrv) coords = NULL;
  const NileSheetCell *cell = NULL;
  int allowance, canoes = GET ("canoes");

  if (sheet == NULL)
    return FALSE;
  if (mode != NILE_TRAVEL_MODE_CANOE && (nile_roll_context_has (ctx, "canoes") || nile_roll_context_has (ctx, "bearers")))
    {
      g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Canoes and bearers count a canoe crew: give them only when travelling by canoe"));
      return FALSE;
    }
  coords = coords_for (sheet, error, mode_at, activity, NULL);
  if (coords == NULL)
    return FALSE;
  cell = read_cell (ctx, sheet, (const char * const *) coords, 0);
  if (cell == NULL)
    return TRUE;
  allowance = (int) g_ascii_strtoll (cell->value, NULL, 10);

  if (mode == NILE_TRAVEL_MODE_CANOE && canoes > 0)
    {
      /* Whole bearers per canoe (rulings.md, Carrying). */
      guint crew = (guint) GET ("bearers") / (guint) canoes;
      gboolean drift = TRUE;

      for (guint i = 0; i < G_N_ELEMENTS (crew_penalties); i++)
        if (crew >= crew_penalties[i].crew)
          {
            if (crew_penalties[i].penalty != 0)
              nile_roll_result_add_modifier (ctx->result, _("canoes short of paddlers (R 9.23–9.25)"),
                                             crew_penalties[i].penalty);
            allowance = MAX (allowance + crew_penalties[i].penalty, 0);
            drift = FALSE;
            break;
          }
      if (drift)
        {
          nile_roll_result_set_extra (ctx->result, "drift", g_variant_new_boolean (TRUE));
          allowance = 0;
        }
    }

  nile_roll_result_set_total (ctx->result, allowance);
  nile_roll_result_set_extra (ctx->result, "movement-points", g_variant_new_int32 (allowance));
  nile_roll_result_set_outcome (ctx->result, nile_roll_result_get_extra_bool (ctx->result, "drift")
                                             ? "drift" : "movement-allowance");
  if (nile_roll_result_get_extra_bool (ctx->result, "drift"))
    nile_rolls_set_text (ctx, _("Not one bearer a canoe: the canoes only drift one hex downstream"));
  else
    nile_rolls_set_text (ctx, _("%s: %d movement points%s"),
                         nile_sheet_get_title (sheet), allowance,
                         cell->state == NILE_CELL_SUGGESTED ? _(" (suggested: check it against your board)") : "");
  return TRUE;
}

/* A chart without dice: the value, times how many. */
static gboolean
read_chart (NileRollContext  *ctx,
            const char       *sheet_id,
            const char       *extra,
            const char       *axis1,
            const char       *axis2,
            GError          **error)
{
  NileSheet *sheet = sheet_for (ctx, sheet_id, error);
  g_auto(GStrv) coords = NULL;
  const NileSheetCell *cell = NULL;
  g_autofree char *place = NULL;
  int count = GET ("count");
  int value;

  if (sheet == NULL)
    return FALSE;
  coords = coords_for (sheet, error, axis1, axis2, NULL);
  if (coords == NULL)
    return FALSE;
  cell = read_cell (ctx, sheet, (const char * const *) coords, 0);
  if (cell == NULL)
    return TRUE;

  value = (int) g_ascii_strtoll (cell->value, NULL, 10);
  nile_roll_result_set_total (ctx->result, value * count);
  nile_roll_result_set_extra (ctx->result, extra, g_variant_new_int32 (value * count));
  nile_roll_result_set_outcome (ctx->result, cell->value);
  place = nile_sheet_describe_coords (sheet, (const char * const *) coords);
  nile_rolls_set_text (ctx, _("%s: %d %s%s"), place, value * count, nile_sheet_get_unit (sheet),
                       cell->state == NILE_CELL_SUGGESTED ? _(" (suggested: check it against your board)") : "");
  return TRUE;
}

gboolean
nile_rolls_ah_victory_points (NileRollContext  *ctx,
                              GError          **error)
{
  g_autofree char *specialty = g_strdup_printf ("specialty=%s", nick_of (NILE_TYPE_SPECIALTY, GET ("specialty")));
  g_autofree char *discovery = g_strdup_printf ("discovery=%s", nick_of (nile_vp_discovery_get_type (), GET ("discovery")));

  return read_chart (ctx, "victory-points", "victory-points", specialty, discovery, error);
}

gboolean
nile_rolls_ah_prices (NileRollContext  *ctx,
                      GError          **error)
{
  g_autofree char *item = g_strdup_printf ("item=%s", nick_of (nile_port_item_get_type (), GET ("item")));

  return read_chart (ctx, "prices", "dollars", item, NULL, error);
}

gboolean
nile_rolls_ah_native_trade (NileRollContext  *ctx,
                            GError          **error)
{
  g_autofree char *item = g_strdup_printf ("item=%s", nick_of (nile_trade_item_get_type (), GET ("item")));

  return read_chart (ctx, "native-trade", "gifts", item, NULL, error);
}

/* DG: each hunter throws one die with the hex's modifier; a zoologist
 * adds 1 for one of them; each die reads the DG Hunting Table. */
gboolean
nile_rolls_dg_hunting (NileRollContext  *ctx,
                       GError          **error)
{
  NileSheet *sheet = sheet_for (ctx, "dg-hunting", error);
  int n_hunters = GET ("hunters");
  g_autofree int *totals = NULL;
  int modifier = 0, rations = 0;

  if (sheet == NULL)
    return FALSE;
  if (nile_roll_context_has (ctx, "terrain") && !single_terrain (GET ("terrain"), error))
    return FALSE;

  if (nile_roll_context_has (ctx, "terrain") && dg_hunting_terrain[GET ("terrain")] != 0)
    {
      g_autofree char *reason = g_strdup_printf (_("%s hex"), nick_of (NILE_TYPE_TERRAIN, GET ("terrain")));

      modifier += dg_hunting_terrain[GET ("terrain")];
      nile_roll_result_add_modifier (ctx->result, reason, dg_hunting_terrain[GET ("terrain")]);
    }
  if (GET ("river") || GET ("oasis"))
    {
      modifier += 2;
      nile_roll_result_add_modifier (ctx->result, _("river or oasis"), 2);
    }
  if (GET ("zoologist"))
    nile_roll_result_add_modifier (ctx->result, _("zoologist, for one hunter"), 1);

  totals = g_new (int, n_hunters);
  for (int i = 0; i < n_hunters; i++)
    totals[i] = (int) nile_dice_d6 (ctx->dice, ctx->result) + modifier + (i == 0 && GET ("zoologist"));

  for (int i = 0; i < n_hunters; i++)
    {
      const NileSheetCell *cell;

      if (!read_die_cell (ctx, sheet, totals[i], &cell, error))
        return FALSE;
      if (cell == NULL)
        return TRUE;
      rations += (int) g_ascii_strtoll (cell->value, NULL, 10);
    }

  nile_roll_result_add_effect (ctx->result, NILE_EFFECT_FRESH_RATIONS, rations, NULL);
  nile_roll_result_set_outcome (ctx->result, "hunted");
  nile_rolls_set_text (ctx, g_dngettext (GETTEXT_PACKAGE, "%d hunter brings in %d fresh rations",
                                         "%d hunters bring in %d fresh rations", n_hunters),
                       n_hunters, rations);
  return TRUE;
}
