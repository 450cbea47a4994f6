/* nile-cli-roll.c: `nile-ledger roll`, every roll a turn needs
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The roll options are not written out here: every input of every
 * registered roll becomes a long option, so a roll added to the registry
 * is on the command line at once. After parsing, only the options the
 * chosen roll takes are allowed.
 */
#define G_LOG_DOMAIN "nile-cli-roll"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "nile-cli.h"
#include "nile-cli-commands.h"
#include "nile-entered-dice.h"
#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-random-dice.h"
#include "nile-roll.h"
#include "nile-sheet-store.h"
#include "nile-apply-roll.h"
#include "nile-campaign-book.h"
#include "nile-operation.h"
#include "nile-turn.h"

typedef struct {
  GHashTable *given;     /* option name without dashes → value text, in… */
  GPtrArray  *order;     /* …the order typed, for messages */
} RollOptions;

static gboolean
collect_option (const char  *option_name,
                const char  *value,
                gpointer     user_data,
                GError     **error)
{
  RollOptions *options = user_data;
  const char *name = option_name + 2;   /* GOption hands over "--name" */

  if (!g_hash_table_contains (options->given, name))
    g_ptr_array_add (options->order, g_strdup (name));
  g_hash_table_insert (options->given, g_strdup (name), g_strdup (value != NULL ? value : "true"));
  return TRUE;
}

/* One GOptionEntry per input name found anywhere in the registry. */
static GArray *
build_input_entries (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GArray *entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  const NileRollSpec *specs;
  guint n_specs;

  specs = nile_roll_get_all (&n_specs);
  for (guint i = 0; i < n_specs; i++)
    for (guint e = 0; e < NILE_N_EDITIONS; e++)
      {
        const NileRollInput *inputs = specs[i].editions[e].inputs;

        for (guint k = 0; specs[i].editions[e].run != NULL && inputs[k].name != NULL; k++)
          {
            GOptionEntry entry = { 0 };

            if (!g_hash_table_add (seen, (gpointer) inputs[k].name))
              continue;

            entry.long_name = inputs[k].name;
            entry.arg = G_OPTION_ARG_CALLBACK;
            entry.arg_data = (gpointer) collect_option;
            entry.description = inputs[k].description;
            switch (inputs[k].kind)
              {
              case NILE_ROLL_INPUT_BOOL:
                entry.flags = G_OPTION_FLAG_NO_ARG;
                break;
              case NILE_ROLL_INPUT_INT:
                entry.arg_description = "N";
                break;
              case NILE_ROLL_INPUT_CHOICE:
                entry.arg_description = "NAME";
                break;
              default:
                g_assert_not_reached ();
              }
            g_array_append_val (entries, entry);
          }
      }

  return entries;
}

/* "desert, veldt, lake …": what a choice option takes, as typed. */
static char *
describe_choices (GType type)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  g_autoptr(GStrvBuilder) nicks = g_strv_builder_new ();
  g_auto(GStrv) joined = NULL;

  for (guint i = 0; i < klass->n_values; i++)
    g_strv_builder_add (nicks, klass->values[i].value_nick);
  joined = g_strv_builder_end (nicks);
  return g_strjoinv (", ", joined);
}

/* The typed text of one option as the value the roll's input wants. The
 * core checks it again, but names the input as the window does; here the
 * message points at the option that was typed. */
static GVariant *
parse_input_value (const NileRollSpec   *spec,
                   const NileRollInput  *input,
                   const char           *text,
                   GError              **error)
{
  gint64 number;
  int value;

  switch (input->kind)
    {
    case NILE_ROLL_INPUT_BOOL:
      return g_variant_new_boolean (TRUE);

    case NILE_ROLL_INPUT_CHOICE:
      if (!nile_enum_from_nick (input->type_func (), text, &value))
        {
          g_autofree char *choices = describe_choices (input->type_func ());

          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("--%s “%s” is not one of: %s"), input->name, text, choices);
          return NULL;
        }
      return g_variant_new_string (text);

    case NILE_ROLL_INPUT_INT:
      if (!g_ascii_string_to_signed (text, 10, G_MININT32, G_MAXINT32, &number, NULL))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("--%s needs a whole number, not “%s”"), input->name, text);
          return NULL;
        }
      if (number < input->min || number > input->max)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("--%s must be %d to %d for %s; %d was given"),
                       input->name, input->min, input->max, _(spec->title), (int) number);
          return NULL;
        }
      return g_variant_new_int32 ((gint32) number);

    default:
      g_assert_not_reached ();
    }
}

static GVariant *
build_inputs (const NileRollSpec  *spec,
              NileEdition          edition,
              RollOptions         *options,
              GVariant            *answered,
              GError             **error)
{
  g_autoptr(GString) refused = g_string_new (NULL);
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);

  for (guint i = 0; i < options->order->len; i++)
    {
      const char *name = g_ptr_array_index (options->order, i);
      const NileRollInput *input = nile_roll_spec_find_input (spec, edition, name);
      GVariant *value;

      if (input == NULL)
        {
          g_string_append_printf (refused, "%s--%s", refused->len > 0 ? ", " : "", name);
          continue;
        }

      value = parse_input_value (spec, input, g_hash_table_lookup (options->given, name), error);
      if (value == NULL)
        return NULL;
      g_variant_dict_insert_value (&dict, name, value);
    }

  if (refused->len > 0)
    {
      g_autofree char *allowed = nile_roll_spec_dup_option_list (spec, edition);

      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s (%s) does not take %s; it takes: %s"),
                   _(spec->title), nile_edition_get_display_name (edition), refused->str, allowed);
      return NULL;
    }

  /* What the books answer, for the inputs not typed: the typed ones win,
   * and a value the roll would not take (a distance not yet known) is
   * left to be typed. */
  for (const NileRollInput *input = spec->editions[edition].inputs;
       answered != NULL && input->name != NULL; input++)
    {
      g_autoptr(GVariant) value = g_variant_lookup_value (answered, input->name, NULL);

      if (value != NULL && !g_variant_dict_contains (&dict, input->name) &&
          nile_roll_input_accepts (spec, input, value))
        g_variant_dict_insert_value (&dict, input->name, value);
    }

  for (const NileRollInput *input = spec->editions[edition].inputs; input->name != NULL; input++)
    if (input->required && !g_variant_dict_contains (&dict, input->name))
      {
        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     /* Translators: the roll, the option, and the label
                      * the Tables page shows for it, as it is written */
                     _("%s needs --%s (“%s”)"), _(spec->title), input->name, _(input->description));
        return NULL;
      }

  return g_variant_dict_end (&dict);
}

static void
print_list_text (void)
{
  const NileRollSpec *specs;
  guint n_specs;

  specs = nile_roll_get_all (&n_specs);
  for (guint i = 0; i < n_specs; i++)
    {
      g_autofree char *completion = nile_roll_spec_dup_sheet_completion (&specs[i]);
      g_autoptr(GString) editions = g_string_new (NULL);

      for (guint e = 0; e < NILE_N_EDITIONS; e++)
        if (nile_roll_spec_has_edition (&specs[i], e))
          g_string_append_printf (editions, "%s%s", editions->len > 0 ? "+" : "",
                                  nile_enum_to_nick (NILE_TYPE_EDITION, e));

      g_print ("%-16s %-6s %s", specs[i].name, editions->str, _(specs[i].summary));
      if (completion != NULL)
        g_print (" [%s]", completion);
      g_print ("\n");
    }
}

static void
add_inputs_json (JsonBuilder         *builder,
                 const NileRollInput *inputs)
{
  static const char * const kinds[] = { "int", "bool", "choice" };

  json_builder_begin_array (builder);
  for (guint k = 0; inputs[k].name != NULL; k++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, inputs[k].name);
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, kinds[inputs[k].kind]);
      json_builder_set_member_name (builder, "required");
      json_builder_add_boolean_value (builder, inputs[k].required);
      if (inputs[k].kind == NILE_ROLL_INPUT_INT)
        {
          json_builder_set_member_name (builder, "min");
          json_builder_add_int_value (builder, inputs[k].min);
          json_builder_set_member_name (builder, "max");
          json_builder_add_int_value (builder, inputs[k].max);
        }
      else if (inputs[k].kind == NILE_ROLL_INPUT_CHOICE)
        {
          g_autoptr(GEnumClass) klass = g_type_class_ref (inputs[k].type_func ());

          json_builder_set_member_name (builder, "choices");
          json_builder_begin_array (builder);
          for (guint v = 0; v < klass->n_values; v++)
            json_builder_add_string_value (builder, klass->values[v].value_nick);
          json_builder_end_array (builder);
        }
      json_builder_set_member_name (builder, "description");
      json_builder_add_string_value (builder, _(inputs[k].description));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
print_list_json (void)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  const NileRollSpec *specs;
  guint n_specs;

  specs = nile_roll_get_all (&n_specs);
  json_builder_begin_array (builder);
  for (guint i = 0; i < n_specs; i++)
    {
      g_autofree char *completion = nile_roll_spec_dup_sheet_completion (&specs[i]);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, specs[i].name);
      if (specs[i].alias != NULL)
        {
          json_builder_set_member_name (builder, "alias");
          json_builder_add_string_value (builder, specs[i].alias);
        }
      json_builder_set_member_name (builder, "title");
      json_builder_add_string_value (builder, _(specs[i].title));
      json_builder_set_member_name (builder, "summary");
      json_builder_add_string_value (builder, _(specs[i].summary));
      json_builder_set_member_name (builder, "editions");
      json_builder_begin_array (builder);
      for (guint e = 0; e < NILE_N_EDITIONS; e++)
        if (nile_roll_spec_has_edition (&specs[i], e))
          json_builder_add_string_value (builder, nile_enum_to_nick (NILE_TYPE_EDITION, e));
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "sheet");
      if (specs[i].sheet_id != NULL)
        json_builder_add_string_value (builder, specs[i].sheet_id);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "completion");
      if (completion != NULL)
        json_builder_add_string_value (builder, completion);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "inputs");
      json_builder_begin_object (builder);
      for (guint e = 0; e < NILE_N_EDITIONS; e++)
        if (nile_roll_spec_has_edition (&specs[i], e))
          {
            json_builder_set_member_name (builder, nile_enum_to_nick (NILE_TYPE_EDITION, e));
            add_inputs_json (builder, specs[i].editions[e].inputs);
          }
      json_builder_end_object (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  root = json_builder_get_root (builder);
  text = json_to_string (root, TRUE);
  g_print ("%s\n", text);
}

/* For `roll NAME --help`: what that roll takes, edition by edition. */
static char *
describe_roll (const NileRollSpec *spec)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append_printf (text, "%s: %s\n", _(spec->title), _(spec->summary));
  for (guint e = 0; e < NILE_N_EDITIONS; e++)
    {
      const NileRollInput *inputs;

      if (!nile_roll_spec_has_edition (spec, e))
        continue;

      inputs = spec->editions[e].inputs;
      g_string_append_printf (text, "\n%s (--edition %s, %s):\n", nile_edition_get_display_name (e),
                              nile_enum_to_nick (NILE_TYPE_EDITION, e), _(spec->editions[e].source));
      if (inputs[0].name == NULL)
        g_string_append_printf (text, "  %s\n", _("no options"));
      for (guint k = 0; inputs[k].name != NULL; k++)
        {
          g_autofree char *option = NULL;

          switch (inputs[k].kind)
            {
            case NILE_ROLL_INPUT_INT:
              option = g_strdup_printf ("--%s=%d..%d", inputs[k].name, inputs[k].min, inputs[k].max);
              break;
            case NILE_ROLL_INPUT_CHOICE:
              option = g_strdup_printf ("--%s=NAME", inputs[k].name);
              break;
            case NILE_ROLL_INPUT_BOOL:
            default:
              option = g_strdup_printf ("--%s", inputs[k].name);
              break;
            }
          g_string_append_printf (text, "  %-24s %s%s\n", option, _(inputs[k].description),
                                  inputs[k].required ? _(" (needed)") : "");
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Two to four lines a game master can paste into an email. */
static void
print_result_text (const NileRollSpec *spec,
                   NileRollResult     *result)
{
  const guint8 *dice;
  const NileRollModifier *modifiers;
  const NileRollEffect *effects;
  guint n_dice, n_modifiers, n_effects;
  g_autoptr(GString) line = g_string_new (NULL);

  g_print ("%s (%s): %s\n", _(spec->title),
           nile_edition_get_display_name (nile_roll_result_get_edition (result)),
           nile_roll_result_get_outcome (result) != NULL ? nile_roll_result_get_outcome (result) : "—");
  if (nile_roll_result_get_text (result) != NULL)
    g_print ("%s\n", nile_roll_result_get_text (result));

  dice = nile_roll_result_get_dice (result, &n_dice);
  modifiers = nile_roll_result_get_modifiers (result, &n_modifiers);
  if (n_dice > 0)
    {
      g_string_append (line, _("Dice:"));
      for (guint i = 0; i < n_dice; i++)
        g_string_append_printf (line, i == 0 ? " %u" : ",%u", dice[i]);
    }
  for (guint i = 0; i < n_modifiers; i++)
    g_string_append_printf (line, "%s%s %+d", i == 0 ? (line->len > 0 ? "; " : "") : ", ",
                            modifiers[i].reason, modifiers[i].value);
  if (line->len > 0)
    g_print ("%s\n", line->str);

  effects = nile_roll_result_get_effects (result, &n_effects);
  if (n_effects > 0)
    {
      g_string_assign (line, _("Effects:"));
      for (guint i = 0; i < n_effects; i++)
        {
          g_string_append_printf (line, "%s %s", i == 0 ? "" : ",", nile_effect_kind_to_nick (effects[i].kind));
          if (effects[i].amount != 1 || effects[i].what != NULL)
            g_string_append_printf (line, " %+d", effects[i].amount);
          if (effects[i].what != NULL)
            g_string_append_printf (line, " %s", effects[i].what);
        }
      g_print ("%s\n", line->str);
    }
}

static void
print_needs_cell (NileRollResult *result)
{
  const char *sheet_id;
  GVariant *coords;
  GVariantIter iter;
  const char *axis, *value;
  g_autoptr(GString) where = g_string_new (NULL);
  int total = 0;

  nile_roll_result_get_cell (result, &sheet_id, &coords, NULL, NULL);
  nile_roll_result_get_total (result, &total);

  g_variant_iter_init (&iter, coords);
  while (g_variant_iter_next (&iter, "{&s&s}", &axis, &value))
    g_string_append_printf (where, ", %s %s", axis, value);

  g_print (_("Needs a cell from your board: sheet %s%s, total %d\n"), sheet_id, where->str, total);
  g_print ("%s\n", _("Read it off the board and enter it; the roll then applies it."));
}

/* "37/198 cells" beside each sheet roll in the list. */
static char *
sheet_completion (const char *sheet_id,
                  gpointer    user_data)
{
  guint filled, total;

  if (!nile_sheet_store_get_completion (user_data, sheet_id, &filled, &total))
    return NULL;
  return g_strdup_printf (_("%u/%u cells"), filled, total);
}

/* --apply and its companions: the campaign the result goes into. */
typedef struct {
  char *file;
  char *player;
  char *tribe;
  char *cache;
  char *cache_owner;
  char *prisoners;
  char *recovering;
  char *escapes_with;
} ApplyOptions;

static void
apply_options_clear (ApplyOptions *options)
{
  g_clear_pointer (&options->file, g_free);
  g_clear_pointer (&options->player, g_free);
  g_clear_pointer (&options->tribe, g_free);
  g_clear_pointer (&options->cache, g_free);
  g_clear_pointer (&options->cache_owner, g_free);
  g_clear_pointer (&options->prisoners, g_free);
  g_clear_pointer (&options->recovering, g_free);
  g_clear_pointer (&options->escapes_with, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ApplyOptions, apply_options_clear)

/* The first option of --apply given that @operation does not read, or
 * NULL: the rolls of the turn read none but recovery-roll's --recovering. */
static const char *
unread_option (ApplyOptions *options,
               const char   *operation)
{
  if (g_str_equal (operation, "apply-roll"))
    return NULL;
  if (options->recovering != NULL && !g_str_equal (operation, "recovery-roll"))
    return "--recovering";
  if (options->tribe != NULL)
    return "--tribe";
  if (options->cache != NULL)
    return "--cache";
  if (options->cache_owner != NULL)
    return "--cache-owner";
  if (options->prisoners != NULL)
    return "--prisoners";
  if (options->escapes_with != NULL)
    return "--escapes-with";
  return NULL;
}

/* @value, given as @option, must be one of the choices @operation's
 * @param takes, even when the result turns out to need no choice. */
static gboolean
check_choice (const char  *operation,
              const char  *param,
              const char  *option,
              const char  *value,
              GError     **error)
{
  const NileOperation *op = nile_operation_lookup (operation);

  if (value == NULL || op == NULL)
    return TRUE;

  for (const NileOperationParam *p = op->params; p->name != NULL; p++)
    if (g_str_equal (p->name, param) && p->choices != NULL && !g_strv_contains (p->choices, value))
      {
        g_autofree char *choices = g_strjoinv (", ", (char **) p->choices);

        g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("%s “%s” is not one of: %s"), option, value, choices);
        return FALSE;
      }
  return TRUE;
}

/* What the roll cannot know, as @operation takes it: apply-roll all of
 * it, recovery-roll whose sickness it was, the other rolls of the turn
 * nothing. An option the roll does not read is refused: a game master's
 * typo must not pass for a choice made. */
static GVariant *
apply_context (ApplyOptions  *options,
               const char    *roll,
               const char    *operation,
               GError       **error)
{
  const char *unread = unread_option (options, operation);
  gint64 tribe = 0, cache = 0;
  GVariantDict context;

  if (unread != NULL)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("%s means nothing to the %s roll: leave it out"), unread, roll);
      return NULL;
    }

  if (!check_choice (operation, "prisoners", "--prisoners", options->prisoners, error) ||
      !check_choice (operation, "sick", "--recovering", options->recovering, error) ||
      !nile_cli_parse_int ("--tribe", options->tribe, 1, G_MAXINT, &tribe, error) ||
      !nile_cli_parse_int ("--cache", options->cache, 1, G_MAXINT, &cache, error))
    return NULL;

  g_variant_dict_init (&context, NULL);
  if (options->recovering != NULL)
    g_variant_dict_insert (&context, "sick", "s", options->recovering);
  if (options->tribe != NULL)
    g_variant_dict_insert (&context, "tribe", "x", tribe);
  if (options->cache != NULL)
    g_variant_dict_insert (&context, "cache", "x", cache);
  if (options->cache_owner != NULL)
    g_variant_dict_insert (&context, "owner", "s", options->cache_owner);
  if (options->prisoners != NULL)
    g_variant_dict_insert (&context, "prisoners", "s", options->prisoners);
  if (options->escapes_with != NULL)
    g_variant_dict_insert (&context, "escapes-with", "s", options->escapes_with);
  return g_variant_dict_end (&context);
}

/* apply-roll's choices, as the options of --apply give them. */
static char *
ask_option (const char *key,
            gpointer    user_data)
{
  static const struct {
    const char *key;
    const char *option;
  } options[] = {
    { "tribe", "--tribe N" },
    { "cache", "--cache N" },
    { "sick", "--recovering WHO" },
    { "escapes-with", "--escapes-with KIND:N" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (g_str_equal (options[i].key, key))
      return g_strdup (options[i].option);
  return NULL;
}

/* A setting a refusal of --apply advises, as its own options give it:
 * "--prisoners keep"; the operation's other parameters have no option. */
static char *
name_option_setting (const char *operation,
                     const char *param,
                     const char *value,
                     gpointer    user_data)
{
  static const struct {
    const char *param;
    const char *option;
    const char *placeholder;
  } options[] = {
    { "prisoners", "--prisoners", "keep|release|held" },
    { "tribe", "--tribe", "N" },
    { "cache", "--cache", "N" },
    { "owner", "--cache-owner", "NAME" },
    { "sick", "--recovering", "WHO" },
    { "escapes-with", "--escapes-with", "KIND:N" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (g_str_equal (options[i].param, param))
      return g_strdup_printf ("%s %s", options[i].option, value != NULL ? value : options[i].placeholder);
  return NULL;
}

/* The inputs the campaign answers for @player's rolls, as the window
 * fills them: the house rules, the activity level he chose this turn,
 * the hex he is in, and his explorer's make-up. The sick are those
 * still to roll for this turn, of @recovering alone when it is given,
 * as the Turn page counts them for its Recovery rolls. */
static GVariant *
campaign_answers (NileCampaignBook *book,
                  const char       *player,
                  const char       *recovering)
{
  g_autoptr(NileExplorer) explorer = nile_campaign_book_dup_current_explorer (book, player);
  g_autoptr(GVariant) from_book = g_variant_ref_sink (nile_campaign_book_get_roll_inputs (book, player));
  GVariantDict dict;

  g_variant_dict_init (&dict, from_book);
  if (explorer != NULL)
    {
      g_autoptr(GVariant) from_explorer = g_variant_ref_sink (nile_explorer_get_roll_inputs (explorer));
      g_autoptr(GHashTable) steps = nile_turn_get_steps (nile_campaign_book_get_campaign (book), player, NULL);
      GVariantIter iter;
      const char *name;
      GVariant *value;
      int due;

      g_variant_iter_init (&iter, from_explorer);
      while (g_variant_iter_loop (&iter, "{&sv}", &name, &value))
        g_variant_dict_insert_value (&dict, name, value);

      /* An unknown --recovering is refused with the other options. */
      if (recovering == NULL || g_strv_contains (nile_turn_sick_kinds (), recovering))
        {
          due = nile_turn_count_recovery_due (steps, nile_explorer_get_expedition (explorer), recovering);
          if (due > 0)
            g_variant_dict_insert (&dict, "sick", "i", due);
        }
    }
  return g_variant_dict_end (&dict);
}

int
nile_cli_roll (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GArray) input_entries = NULL;
  g_auto(GStrv) args = NULL;
  guint n_args;
  g_autoptr(GHashTable) given = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) inputs = NULL;
  g_autoptr(NileDiceSource) dice = NULL;
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(NileSheetStore) sheets = NULL;
  g_autofree char *edition_nick = NULL;
  g_autofree char *dice_text = NULL;
  g_autofree char *seed_text = NULL;
  g_auto(ApplyOptions) apply = { NULL, };
  g_autoptr(NileCampaign) campaign = NULL;
  g_autoptr(NileCampaignBook) book = NULL;
  g_autoptr(GVariant) choices = NULL;
  g_autoptr(GVariant) answered = NULL;
  NilePlayer *player;
  gboolean list = FALSE, json = FALSE;
  RollOptions options = { given, order };
  GOptionGroup *group;
  const NileRollSpec *spec;
  const char *turn_operation;
  NileEdition edition;
  const GOptionEntry main_entries[] = {
    { "list", 0, 0, G_OPTION_ARG_NONE, &list, N_("List every roll"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "edition", 0, 0, G_OPTION_ARG_STRING, &edition_nick, N_("Which rules: ah or dg"), "ah|dg" },
    { "dice", 0, 0, G_OPTION_ARG_STRING, &dice_text, N_("Your own dice, in the order thrown"), "3,4,5" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, N_("Throw repeatable dice from this seed"), "N" },
    { NULL }
  };
  const GOptionEntry apply_entries[] = {
    { "apply", 0, 0, G_OPTION_ARG_FILENAME, &apply.file,
      N_("Write the result into this campaign, as one change"), N_("FILE") },
    { "player", 0, 0, G_OPTION_ARG_FILENAME, &apply.player,
      N_("Whose expedition the roll struck"), N_("NAME") },
    { "tribe", 0, 0, G_OPTION_ARG_STRING, &apply.tribe,
      N_("The native counter of the tribe (default: the one in the explorer's hex)"), "N" },
    { "cache", 0, 0, G_OPTION_ARG_STRING, &apply.cache,
      N_("The cache dug for (default: his one hidden cache in the hex)"), "N" },
    { "cache-owner", 0, 0, G_OPTION_ARG_FILENAME, &apply.cache_owner,
      N_("The player whose explorer hid that cache"), N_("NAME") },
    { "prisoners", 0, 0, G_OPTION_ARG_STRING, &apply.prisoners,
      N_("What becomes of prisoners taken: keep, release or held"), "keep|release|held" },
    { "recovering", 0, 0, G_OPTION_ARG_STRING, &apply.recovering,
      N_("Whose sickness a recovery roll is for: explorer, bearers, guides or askaris"), N_("WHO") },
    { "escapes-with", 0, 0, G_OPTION_ARG_STRING, &apply.escapes_with,
      N_("AH defeat: the members the explorer escapes with, e.g. “bearers:2 guides:1” (R 15.21)"),
      "KIND:N" },
    { NULL }
  };
  GOptionGroup *apply_group;

  context = g_option_context_new (_("NAME — make one roll"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Rolls the dice for one step of a turn, or reads your own dice."));
  g_option_context_add_main_entries (context, main_entries, GETTEXT_PACKAGE);

  /* A roll named before --help gets its own options described (ASCII
   * only in the option column, which printf pads by bytes). */
  if (argc > 1 && argv[1][0] != '-' && (spec = nile_roll_lookup (argv[1])) != NULL)
    {
      g_autofree char *description = describe_roll (spec);

      g_option_context_set_description (context, description);
    }

  input_entries = build_input_entries ();
  group = g_option_group_new ("inputs", _("What the roll needs to know:"),
                              _("Show the roll inputs"), &options, NULL);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_group_add_entries (group, (const GOptionEntry *) input_entries->data);
  g_option_context_add_group (context, group);

  apply_group = g_option_group_new ("apply",
                                    _("Writing the result into a campaign (what its books hold about the"
                                      " player's expedition need not be typed):"),
                                    _("Show the options of --apply"), NULL, NULL);
  g_option_group_set_translation_domain (apply_group, GETTEXT_PACKAGE);
  g_option_group_add_entries (apply_group, apply_entries);
  g_option_context_add_group (context, apply_group);

  /* Parse a copy: the parser drops what it takes from the vector, and
   * the caller's strings must stay the caller's. */
  args = g_new0 (char *, argc + 1);
  for (int i = 0; i < argc; i++)
    args[i] = g_strdup (argv[i]);
  if (!g_option_context_parse_strv (context, &args, &error))
    {
      nile_cli_explain_option_error (&error, argc, argv);
      return nile_cli_fail (error);
    }
  if (!nile_cli_check_text ("--player", apply.player, &error) ||
      !nile_cli_check_text ("--cache-owner", apply.cache_owner, &error))
    return nile_cli_fail (error);
  n_args = g_strv_length (args);
  /* "--" ends the options: GLib leaves it in place when an argument
   * starting with "-" follows, and it is no roll's name. */
  if (n_args > 1 && g_str_equal (args[1], "--"))
    {
      g_free (args[1]);
      memmove (args + 1, args + 2, (n_args - 1) * sizeof (char *));
      n_args--;
    }

  if (list)
    {
      sheets = nile_sheet_store_new_default (&error);
      if (sheets == NULL)
        return nile_cli_fail (error);
      nile_roll_set_sheet_completion_func (sheet_completion, sheets);
      if (json)
        print_list_json ();
      else
        print_list_text ();
      nile_roll_set_sheet_completion_func (NULL, NULL);
      return NILE_CLI_EXIT_OK;
    }

  if (n_args != 2)
    {
      g_set_error_literal (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           n_args < 2 ? _("Name one roll, or use “roll --list” to see them")
                                    : _("Name only one roll at a time"));
      return nile_cli_fail (error);
    }

  spec = nile_roll_lookup (args[1]);
  if (spec == NULL)
    {
      g_set_error (&error, NILE_ERROR, NILE_ERROR_NOT_FOUND,
                   _("There is no roll “%s”; “roll --list” shows them"), args[1]);
      return nile_cli_fail (error);
    }

  if ((apply.file == NULL) != (apply.player == NULL) ||
      (apply.file == NULL && (apply.tribe != NULL || apply.cache != NULL || apply.cache_owner != NULL ||
                              apply.prisoners != NULL || apply.recovering != NULL ||
                              apply.escapes_with != NULL)))
    {
      g_set_error_literal (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("--apply FILE and --player NAME go together, and the other options of"
                             " --apply need both"));
      return nile_cli_fail (error);
    }

  /* Applied, the roll is played by the campaign's rules. */
  edition = nile_roll_spec_default_edition (spec);
  if (apply.file != NULL)
    {
      int value;

      campaign = nile_campaign_open (apply.file, &error);
      if (campaign == NULL)
        return nile_cli_fail (error);
      book = nile_campaign_book_new (campaign);
      if (nile_enum_from_nick (NILE_TYPE_EDITION, nile_campaign_book_get_edition (book), &value) &&
          nile_roll_spec_has_edition (spec, value))
        edition = value;

      /* Before any die: a result that changes nothing is never applied,
       * and would otherwise let a misspelt name through unnoticed. */
      player = nile_cli_find_player (book, apply.player, &error);
      if (player == NULL)
        return nile_cli_fail (error);
      answered = g_variant_ref_sink (campaign_answers (book, nile_player_get_name (player), apply.recovering));
    }
  if (edition_nick != NULL)
    {
      int value, played;

      if (!nile_enum_from_nick (NILE_TYPE_EDITION, edition_nick, &value))
        {
          g_set_error (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("--edition “%s” is not one of: ah, dg"), edition_nick);
          return nile_cli_fail (error);
        }
      /* Applied, the roll is the campaign's: its rules decide. */
      if (book != NULL && (!nile_enum_from_nick (NILE_TYPE_EDITION, nile_campaign_book_get_edition (book), &played) ||
                           value != played))
        {
          g_set_error (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("--edition %s does not fit this campaign, played by the %s rules: leave it out"),
                       edition_nick, nile_campaign_book_get_edition (book));
          return nile_cli_fail (error);
        }
      edition = value;
    }

  /* Before any die is thrown: a roll refused for its options is not
   * thrown again. */
  if (campaign != NULL)
    {
      const char *operation = nile_turn_roll_operation (spec->name);

      choices = apply_context (&apply, spec->name, operation != NULL ? operation : "apply-roll", &error);
      if (choices == NULL)
        return nile_cli_fail (error);
      g_variant_ref_sink (choices);
    }

  if (dice_text != NULL && seed_text != NULL)
    {
      g_set_error_literal (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                           _("Give either --dice or --seed, not both"));
      return nile_cli_fail (error);
    }

  if (dice_text != NULL)
    dice = nile_entered_dice_new_from_string (dice_text, &error);
  else if (seed_text != NULL)
    {
      guint64 seed;

      if (g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT32, &seed, NULL))
        dice = nile_random_dice_new_seeded ((guint32) seed);
      else
        g_set_error (&error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                     _("--seed needs a whole number from 0 to %u, not “%s”"), G_MAXUINT32, seed_text);
    }
  else
    dice = nile_random_dice_new ();
  if (dice == NULL)
    return nile_cli_fail (error);

  /* An edition without this roll is reported before its options are. */
  if (nile_roll_spec_has_edition (spec, edition))
    {
      inputs = build_inputs (spec, edition, &options, answered, &error);
      if (inputs == NULL)
        return nile_cli_fail (error);
      g_variant_ref_sink (inputs);
    }

  /* The owner's cells come with the sheets, for the rolls that read one. */
  if (spec->sheet_id != NULL)
    {
      sheets = nile_sheet_store_new_default (&error);
      if (sheets == NULL)
        return nile_cli_fail (error);
    }

  result = nile_roll_run (spec, edition, inputs, dice, sheets, &error);
  if (result == NULL)
    return nile_cli_fail (error);

  if (json)
    {
      g_autofree char *text = nile_roll_result_to_json (result, TRUE);

      g_print ("%s\n", text);
    }
  else if (nile_roll_result_get_status (result) == NILE_ROLL_STATUS_NEEDS_CELL)
    print_needs_cell (result);
  else
    print_result_text (spec, result);

  /* A roll made as a step of the turn is written with its step, by the
   * operation the Turn page's window runs, even when it changes nothing
   * else; any other roll by apply-roll, when it changes something. */
  turn_operation = nile_turn_roll_operation (spec->name);
  if (campaign != NULL && nile_roll_result_get_status (result) == NILE_ROLL_STATUS_DONE &&
      turn_operation == NULL && !nile_apply_roll_changes_book (result))
    {
      if (!json)
        g_print ("%s\n", _("Nothing to apply: this result changes nothing in the books"));
    }
  else if (campaign != NULL && nile_roll_result_get_status (result) == NILE_ROLL_STATUS_DONE)
    {
      GListModel *log = nile_campaign_get_log (campaign);
      const char *operation = turn_operation != NULL ? turn_operation : "apply-roll";
      g_autoptr(GObject) entry = NULL;
      g_autofree char *summary = NULL;
      gboolean applied;

      /* A refusal names the choices as this command's options. */
      nile_apply_roll_set_ask_func (ask_option, NULL);
      nile_operation_set_setting_func (name_option_setting, NULL);
      applied = nile_campaign_apply (campaign, operation,
                                     nile_apply_roll_params (apply.player, result, choices),
                                     &error);
      nile_operation_set_setting_func (nile_cli_name_setting, NULL);
      nile_apply_roll_set_ask_func (NULL, NULL);
      if (!applied)
        return nile_cli_fail (error);

      entry = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
      g_object_get (entry, "summary", &summary, NULL);
      if (!json)
        g_print (_("Applied: %s\n"), summary);
    }

  return nile_roll_result_get_status (result) == NILE_ROLL_STATUS_NEEDS_CELL
           ? NILE_CLI_EXIT_NEEDS_CELL : NILE_CLI_EXIT_OK;
}
