/* nile-operation.c: checking and parsing the parameters of an operation
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table of operations itself lives in nile-operations.c.
 */
#define G_LOG_DOMAIN "nile-operation"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "nile-display-names.h"
#include "nile-error.h"
#include "nile-operation-private.h"

/* The parameter types an operation may declare, and how a player would
 * call each one in an error message. */
static const struct {
  const char *type;
  const char *what;
} param_types[] = {
  { "s", N_("text") },
  { "x", N_("a whole number") },
  { "b", N_("yes or no") },
  { "d", N_("a number") },
  /* A record such as a roll result, written on the command line in
   * GVariant text form. */
  { "a{sv}", N_("a record in GVariant text form, {'key': <value>, …}") },
};

/* Spellings accepted for "b" on the command line. */
static const struct {
  const char *word;
  gboolean    value;
} booleans[] = {
  { "true", TRUE }, { "yes", TRUE }, { "1", TRUE },
  { "false", FALSE }, { "no", FALSE }, { "0", FALSE },
};

static const char *
describe_type (const char *type)
{
  for (guint i = 0; i < G_N_ELEMENTS (param_types); i++)
    if (g_str_equal (param_types[i].type, type))
      return _(param_types[i].what);

  g_return_val_if_reached (type);
}

static const NileOperationParam *
find_param (const NileOperation *op,
            const char          *name)
{
  for (const NileOperationParam *p = op->params; p != NULL && p->name != NULL; p++)
    if (g_str_equal (p->name, name))
      return p;

  return NULL;
}

static gboolean
set_unknown_param_error (const NileOperation  *op,
                         const char           *key,
                         GError              **error)
{
  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("“%s” is not a parameter of “%s”"), key, op->name);
  return FALSE;
}

/* Every whole number the books keep is an int: one past that range
 * would wrap on its way in, to be taken or refused as another number. */
static gboolean
set_out_of_range_error (const char  *key,
                        const char  *given,
                        gboolean     negative,
                        GError     **error)
{
  if (negative)
    g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                 _("“%s” can’t be %s: the number is far too small"), key, given);
  else
    g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                 _("“%s” can’t be %s: the number is far too large"), key, given);
  return FALSE;
}

static NileOperationNameFunc name_func;
static gpointer name_data;

/**
 * nile_operation_set_name_func:
 * @func: (nullable): how the front end names an operation
 * @user_data: passed to @func
 *
 * Sets how a refusal names the operation it advises ("add it with
 * add-tribe"). Without a func it names none and says what to do in a
 * player's words ("record the tribe first"): a window has forms and
 * pages for what the command line names.
 */
void
nile_operation_set_name_func (NileOperationNameFunc func,
                              gpointer              user_data)
{
  name_func = func;
  name_data = user_data;
}

char *
_nile_operation_name_for_advice (const char *operation)
{
  g_return_val_if_fail (nile_operation_lookup (operation) != NULL, NULL);

  return name_func != NULL ? name_func (operation, name_data) : NULL;
}

static NileOperationSettingFunc setting_func;
static gpointer setting_data;

/**
 * nile_operation_set_setting_func:
 * @func: (nullable): how the front end names a parameter's setting
 * @user_data: passed to @func
 *
 * Sets how a refusal names the setting it advises ("give village=true").
 * Without a func it names none and says what to set in a player's words
 * ("say the village was found"), as nile_operation_set_name_func() does
 * for operations.
 */
void
nile_operation_set_setting_func (NileOperationSettingFunc func,
                                 gpointer                 user_data)
{
  setting_func = func;
  setting_data = user_data;
}

char *
_nile_operation_name_setting_for_advice (const char *operation,
                                         const char *param,
                                         const char *value)
{
  const NileOperation *op = nile_operation_lookup (operation);

  g_return_val_if_fail (op != NULL, NULL);
  g_return_val_if_fail (param != NULL && find_param (op, param) != NULL, NULL);

  return setting_func != NULL ? setting_func (operation, param, value, setting_data) : NULL;
}

const NileOperation *
nile_operation_lookup (const char *name)
{
  const NileOperation *all;
  guint n;

  g_return_val_if_fail (name != NULL, NULL);

  all = nile_operation_get_all (&n);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (all[i].name, name))
      return &all[i];

  return NULL;
}

/**
 * nile_operation_check_params:
 * @op: the operation
 * @params: an a{sv} dictionary
 * @error: return location for a NILE_ERROR_INVALID_INPUT naming the key
 *
 * Checks that every key of @params is declared by @op with the declared
 * type, that no key is given twice and that no required key is missing.
 * A whole number ("x") must fit an int, as the books keep it.
 */
gboolean
nile_operation_check_params (const NileOperation  *op,
                             GVariant             *params,
                             GError              **error)
{
  return _nile_operation_check_params_into (op, params, NULL, error);
}

gboolean
_nile_operation_check_params_into (const NileOperation  *op,
                                   GVariant             *params,
                                   GVariantDict         *dict,
                                   GError              **error)
{
  /* Every change is checked, so this avoids a hash table and GVariant's
   * format strings: one bit per declared parameter marks it seen. */
  guint64 seen = 0;
  gsize n_children;

  g_return_val_if_fail (op != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);

  if (!g_variant_is_of_type (params, G_VARIANT_TYPE_VARDICT))
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                   _("The parameters of “%s” must be a dictionary (a{sv}), not %s"),
                   op->name, g_variant_get_type_string (params));
      return FALSE;
    }

  n_children = g_variant_n_children (params);
  for (gsize i = 0; i < n_children; i++)
    {
      g_autoptr(GVariant) entry = g_variant_get_child_value (params, i);
      g_autoptr(GVariant) name = g_variant_get_child_value (entry, 0);
      g_autoptr(GVariant) boxed = g_variant_get_child_value (entry, 1);
      g_autoptr(GVariant) value = g_variant_get_variant (boxed);
      const char *key = g_variant_get_string (name, NULL);
      const NileOperationParam *param = find_param (op, key);
      guint64 bit;

      if (param == NULL)
        return set_unknown_param_error (op, key, error);

      g_assert (param - op->params < 64);
      bit = G_GUINT64_CONSTANT (1) << (param - op->params);
      if ((seen & bit) != 0)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” is given twice"), key);
          return FALSE;
        }
      seen |= bit;

      if (!g_variant_is_of_type (value, G_VARIANT_TYPE (param->type)))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” must be %s"), key, describe_type (param->type));
          return FALSE;
        }

      if (param->type[0] == 'x')
        {
          gint64 number = g_variant_get_int64 (value);

          if (number < G_MININT || number > G_MAXINT)
            {
              g_autofree char *given = nile_format_number (number);

              return set_out_of_range_error (key, given, number < 0, error);
            }
        }

      if (param->type[0] == 'd' && !isfinite (g_variant_get_double (value)))
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” must be a finite number"), key);
          return FALSE;
        }

      if (param->choices != NULL &&
          !g_strv_contains (param->choices, g_variant_get_string (value, NULL)))
        {
          g_autofree char *allowed = g_strjoinv (", ", (char **) param->choices);

          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” can’t be “%s”: it is one of %s"), key, g_variant_get_string (value, NULL), allowed);
          return FALSE;
        }

      if (dict != NULL)
        g_variant_dict_insert_value (dict, key, value);
    }

  for (const NileOperationParam *p = op->params; p != NULL && p->name != NULL; p++)
    {
      g_assert (p - op->params < 64);
      if (!p->optional && (seen & (G_GUINT64_CONSTANT (1) << (p - op->params))) == 0)
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” needs “%s” (%s)"), op->name, p->name, _(p->description));
          return FALSE;
        }
    }

  return TRUE;
}

static GVariant *
parse_value (const NileOperationParam  *param,
             const char                *text,
             GError                   **error)
{
  g_autofree char *shown = NULL;

  switch (param->type[0])
    {
    case 's':
      if (g_utf8_validate (text, -1, NULL))
        return g_variant_new_string (text);
      break;

    case 'x':
      {
        g_autoptr(GError) parse_error = NULL;
        gint64 number;

        if (g_ascii_string_to_signed (text, 10, G_MININT, G_MAXINT, &number, &parse_error))
          return g_variant_new_int64 (number);
        /* A whole number all the same, said as typed: it may be past
         * what even an int64 holds. */
        if (g_error_matches (parse_error, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS))
          {
            set_out_of_range_error (param->name, text, text[0] == '-', error);
            return NULL;
          }
      }
      break;

    case 'b':
      for (guint i = 0; i < G_N_ELEMENTS (booleans); i++)
        if (g_ascii_strcasecmp (booleans[i].word, text) == 0)
          return g_variant_new_boolean (booleans[i].value);
      break;

    case 'd':
      {
        char *end = NULL;
        double number = g_ascii_strtod (text, &end);

        if (*text != '\0' && end != NULL && *end == '\0' && isfinite (number))
          return g_variant_new_double (number);
      }
      break;

    case 'a':
      {
        g_autoptr(GVariant) record = g_variant_parse (G_VARIANT_TYPE_VARDICT, text, NULL, NULL, NULL);

        if (record != NULL)
          return g_steal_pointer (&record);
      }
      break;

    default:
      g_return_val_if_reached (NULL);
    }

  /* Echoed as valid UTF-8: bytes that are not text would spoil the
   * message itself. */
  shown = g_utf8_make_valid (text, -1);
  g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
               _("“%s” must be %s, not “%s”"),
               param->name, describe_type (param->type), shown);
  return NULL;
}

/**
 * nile_operation_parse_params:
 * @op: the operation
 * @key_values: %NULL-terminated "key=value" strings, as typed on the
 *   command line
 * @out_params: (out) (transfer full): the a{sv} dictionary
 * @error: return location for a NILE_ERROR_INVALID_INPUT naming the key
 *
 * Converts each value to the type @op declares for its key, then checks
 * the result as nile_operation_check_params() does.
 */
gboolean
nile_operation_parse_params (const NileOperation  *op,
                             const char * const   *key_values,
                             GVariant            **out_params,
                             GError              **error)
{
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  g_autoptr(GVariant) params = NULL;

  g_return_val_if_fail (op != NULL, FALSE);
  g_return_val_if_fail (out_params != NULL, FALSE);

  for (guint i = 0; key_values != NULL && key_values[i] != NULL; i++)
    {
      g_auto(GStrv) pair = g_strsplit (key_values[i], "=", 2);
      const NileOperationParam *param;
      g_autoptr(GVariant) value = NULL;
      GVariant *parsed;

      if (pair[0] == NULL || pair[1] == NULL || *pair[0] == '\0')
        {
          g_set_error (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT,
                       _("“%s” is not of the form key=value"), key_values[i]);
          return FALSE;
        }

      param = find_param (op, pair[0]);
      if (param == NULL)
        return set_unknown_param_error (op, pair[0], error);

      /* Floating from a constructor, a full reference from a parse:
       * owned here either way, and the builder takes its own. */
      parsed = parse_value (param, pair[1], error);
      if (parsed == NULL)
        return FALSE;
      value = g_variant_take_ref (parsed);

      g_variant_builder_add (&builder, "{sv}", pair[0], value);
    }

  params = g_variant_ref_sink (g_variant_builder_end (&builder));

  if (!nile_operation_check_params (op, params, error))
    return FALSE;

  *out_params = g_steal_pointer (&params);
  return TRUE;
}
