/* nile-sheet.c: one printed table as data
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A sheet is read from JSON (see sheets/README.md). It knows its axes,
 * what its results mean and which cells the rules give; the owner's own
 * entries are laid over those by NileSheetStore.
 */
#define G_LOG_DOMAIN "nile-sheet"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-enum-types.h"
#include "nile-error.h"
#include "nile-sheet-private.h"

#define SHEET_FORMAT 1
/* Keeps the whole grid small enough to walk cell by cell. */
#define MAX_CELLS 100000
#define KEY_SEPARATOR "\t"

typedef struct {
  int lo;
  int hi;
} CountRange;

typedef struct {
  char         *name;
  NileAxisKind  kind;
  GPtrArray    *values;  /* char *: the keys used in coordinates */
  GPtrArray    *labels;  /* char *: what a player reads */
  GArray       *ranges;  /* CountRange: count axes only */
  int           min;     /* dice-total axes only */
  int           max;
  gboolean      printed;
  GStrv         default_ranges;  /* count axes: as shipped */
  gboolean      custom;          /* count axes: the owner's ranges */
} Axis;

typedef struct {
  char     *code;
  char     *meaning;
  JsonNode *effects;
} Code;

typedef struct {
  char *id;
  char *input;
  char *is;
  int   value;
  char *reason;
} Modifier;

struct _NileSheet
{
  GObject      parent_instance;

  char        *id;
  char        *title;
  char        *rule;
  char        *dice;
  char        *description;
  NileEdition  edition;

  GPtrArray   *axes;       /* Axis * */
  GPtrArray   *codes;      /* Code *; empty for integer results */
  int          value_min;
  int          value_max;
  char        *unit;
  JsonNode    *integer_effects;
  GPtrArray   *modifiers;  /* Modifier * */
  guint        n_cells;

  GHashTable  *builtin;       /* key → NileSheetCell * */
  GHashTable  *owner;         /* key → value */
  GHashTable  *policy_names;  /* policy → name */
  GPtrArray   *coords_variants;  /* GVariant * or NULL, by flat index */
  GPtrArray   *resolved;         /* NileSheetCell * or NULL, by flat index */
  GPtrArray   *descriptions;     /* char * or NULL, by flat index */
};

G_DEFINE_FINAL_TYPE (NileSheet, nile_sheet, G_TYPE_OBJECT)

G_DEFINE_BOXED_TYPE (NileSheetCell, nile_sheet_cell, nile_sheet_cell_copy, nile_sheet_cell_free)

enum {
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_EDITION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Axis kinds by their spelling in the JSON, with the enum whose nicks
 * are the allowed values where there is one. */
static const struct {
  const char   *nick;
  NileAxisKind  kind;
  GType       (*enum_type) (void);
} axis_kinds[] = {
  { "policy", NILE_AXIS_POLICY, NULL },
  { "activity", NILE_AXIS_ACTIVITY, nile_activity_get_type },
  { "terrain", NILE_AXIS_TERRAIN, nile_terrain_get_type },
  { "tribe-size", NILE_AXIS_TRIBE_SIZE, nile_tribe_size_get_type },
  { "travel-mode", NILE_AXIS_TRAVEL_MODE, nile_travel_mode_get_type },
  { "specialty", NILE_AXIS_SPECIALTY, nile_specialty_get_type },
  { "count", NILE_AXIS_COUNT, NULL },
  { "dice-total", NILE_AXIS_DICE_TOTAL, NULL },
  { "choice", NILE_AXIS_CHOICE, NULL },
};

NileSheetCell *
nile_sheet_cell_copy (const NileSheetCell *cell)
{
  NileSheetCell *copy = g_new0 (NileSheetCell, 1);

  copy->state = cell->state;
  copy->value = g_strdup (cell->value);
  copy->source = g_strdup (cell->source);
  copy->owner = cell->owner;
  return copy;
}

void
nile_sheet_cell_free (NileSheetCell *cell)
{
  if (cell == NULL)
    return;
  g_free (cell->value);
  g_free (cell->source);
  g_free (cell);
}

static void
axis_free (Axis *axis)
{
  g_free (axis->name);
  g_clear_pointer (&axis->values, g_ptr_array_unref);
  g_clear_pointer (&axis->labels, g_ptr_array_unref);
  g_clear_pointer (&axis->ranges, g_array_unref);
  g_strfreev (axis->default_ranges);
  g_free (axis);
}

static void
code_free (Code *code)
{
  g_free (code->code);
  g_free (code->meaning);
  g_clear_pointer (&code->effects, json_node_unref);
  g_free (code);
}

static void
modifier_free (Modifier *modifier)
{
  g_free (modifier->id);
  g_free (modifier->input);
  g_free (modifier->is);
  g_free (modifier->reason);
  g_free (modifier);
}

static void
nile_sheet_finalize (GObject *object)
{
  NileSheet *self = NILE_SHEET (object);

  g_free (self->id);
  g_free (self->title);
  g_free (self->rule);
  g_free (self->dice);
  g_free (self->description);
  g_free (self->unit);
  g_clear_pointer (&self->axes, g_ptr_array_unref);
  g_clear_pointer (&self->codes, g_ptr_array_unref);
  g_clear_pointer (&self->integer_effects, json_node_unref);
  g_clear_pointer (&self->modifiers, g_ptr_array_unref);
  g_clear_pointer (&self->builtin, g_hash_table_unref);
  g_clear_pointer (&self->owner, g_hash_table_unref);
  g_clear_pointer (&self->policy_names, g_hash_table_unref);
  g_clear_pointer (&self->coords_variants, g_ptr_array_unref);
  g_clear_pointer (&self->resolved, g_ptr_array_unref);
  g_clear_pointer (&self->descriptions, g_ptr_array_unref);

  G_OBJECT_CLASS (nile_sheet_parent_class)->finalize (object);
}

static void
nile_sheet_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  NileSheet *self = NILE_SHEET (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_EDITION:
      g_value_set_enum (value, self->edition);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_sheet_class_init (NileSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = nile_sheet_finalize;
  object_class->get_property = nile_sheet_get_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_EDITION] =
    g_param_spec_enum ("edition", NULL, NULL,
                       NILE_TYPE_EDITION, NILE_EDITION_AH,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * NileSheet::changed:
   *
   * The owner's cells, policy names or ranges on this sheet changed and
   * were saved.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
nile_sheet_init (NileSheet *self)
{
  self->axes = g_ptr_array_new_with_free_func ((GDestroyNotify) axis_free);
  self->codes = g_ptr_array_new_with_free_func ((GDestroyNotify) code_free);
  self->modifiers = g_ptr_array_new_with_free_func ((GDestroyNotify) modifier_free);
  self->builtin = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) nile_sheet_cell_free);
  self->owner = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->policy_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* Reading the JSON: each helper names the place that is wrong. */

gboolean
_nile_sheet_invalid (GError     **error,
                     const char  *format,
                     ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, NILE_ERROR, NILE_ERROR_INVALID_INPUT, message);
  return FALSE;
}

/* A text of a shipped sheet that a player reads, in his language:
 * build-aux/sheet-strings.py lists them for translators. */
static const char *
sheet_text (const char *text)
{
  return text != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "sheet", text) : NULL;
}

static gboolean
read_string (JsonObject  *object,
             const char  *member,
             const char  *where,
             gboolean     required,
             const char **out,
             GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);

  *out = NULL;
  if (node == NULL)
    return required ? _nile_sheet_invalid (error, _("%s: “%s” is missing"), where, member) : TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return _nile_sheet_invalid (error, _("%s: “%s” must be text"), where, member);
  *out = json_node_get_string (node);
  if (**out == '\0')
    return _nile_sheet_invalid (error, _("%s: “%s” is empty"), where, member);
  return TRUE;
}

static gboolean
read_int (JsonObject *object,
          const char *member,
          const char *where,
          int        *out,
          GError    **error)
{
  JsonNode *node = json_object_get_member (object, member);
  gint64 value;

  if (node == NULL)
    return _nile_sheet_invalid (error, _("%s: “%s” is missing"), where, member);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return _nile_sheet_invalid (error, _("%s: “%s” must be a whole number"), where, member);
  value = json_node_get_int (node);
  if (value < -1000000 || value > 1000000)
    return _nile_sheet_invalid (error, _("%s: “%s” is out of range"), where, member);
  *out = (int) value;
  return TRUE;
}

/* @out is NULL when an optional list is absent. */
static gboolean
read_array (JsonObject  *object,
            const char  *member,
            const char  *where,
            gboolean     required,
            JsonArray  **out,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);

  *out = NULL;
  if (node == NULL)
    return required ? _nile_sheet_invalid (error, _("%s: “%s” is missing"), where, member) : TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return _nile_sheet_invalid (error, _("%s: “%s” must be a list"), where, member);
  *out = json_node_get_array (node);
  return TRUE;
}

static JsonObject *
element_object (JsonArray  *array,
                guint       index,
                const char *where,
                GError    **error)
{
  JsonNode *node = json_array_get_element (array, index);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _nile_sheet_invalid (error, _("%s[%u] must be an object"), where, index);
      return NULL;
    }
  return json_node_get_object (node);
}

/* Axis values go into coordinates, command lines and file keys, so they
 * stay plain: letters, digits, “-” and “+”. */
static gboolean
is_plain_value (const char *value)
{
  if (value == NULL || *value == '\0')
    return FALSE;
  for (const char *p = value; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '+')
      return FALSE;
  return TRUE;
}

static gboolean
parse_int (const char *text,
           int        *out)
{
  gint64 value;

  if (!g_ascii_string_to_signed (text, 10, -1000000, 1000000, &value, NULL))
    return FALSE;
  *out = (int) value;
  return TRUE;
}

/* "5", "1-5" or "41+" (open above). */
static gboolean
parse_range (const char *text,
             CountRange *range)
{
  g_auto(GStrv) parts = NULL;
  gsize len = strlen (text);

  if (len > 1 && text[len - 1] == '+')
    {
      g_autofree char *lo = g_strndup (text, len - 1);

      range->hi = G_MAXINT;
      return parse_int (lo, &range->lo) && range->lo >= 0;
    }

  parts = g_strsplit (text, "-", 2);
  if (!parse_int (parts[0], &range->lo) || range->lo < 0)
    return FALSE;
  if (parts[1] == NULL)
    {
      range->hi = range->lo;
      return TRUE;
    }
  return parse_int (parts[1], &range->hi) && range->hi > range->lo;
}

/* Ranges follow each other without gaps so every count has a row; a
 * table may start above 0 (distances, hunters). */
static GArray *
parse_ranges (const char * const *texts,
              const char         *where,
              GError            **error)
{
  g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (CountRange));
  int next = 0;

  for (guint i = 0; texts[i] != NULL; i++)
    {
      CountRange range;

      if (!parse_range (texts[i], &range))
        {
          _nile_sheet_invalid (error, _("%s: “%s” is not a range like 6-10 or 41+"), where, texts[i]);
          return NULL;
        }
      if (i == 0)
        next = range.lo;
      if (range.lo != next)
        {
          _nile_sheet_invalid (error, _("%s: range “%s” should start at %d"), where, texts[i], next);
          return NULL;
        }
      if (range.hi == G_MAXINT && texts[i + 1] != NULL)
        {
          _nile_sheet_invalid (error, _("%s: only the last range can be open"), where);
          return NULL;
        }
      next = range.hi == G_MAXINT ? G_MAXINT : range.hi + 1;
      g_array_append_val (ranges, range);
    }
  if (ranges->len == 0)
    {
      _nile_sheet_invalid (error, _("%s: the axis has no values"), where);
      return NULL;
    }
  return g_steal_pointer (&ranges);
}

static gboolean
parse_axis (NileSheet  *self,
            JsonObject *object,
            const char *where,
            GError    **error)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  const char *kind_nick;
  Axis *axis;
  int kind = -1;
  GType (*enum_type) (void) = NULL;

  if (!read_string (object, "name", where, TRUE, &name, error) ||
      !read_string (object, "kind", where, TRUE, &kind_nick, error))
    return FALSE;
  if (!is_plain_value (name))
    return _nile_sheet_invalid (error, _("%s: “%s” is not a usable axis name"), where, name);
  if (nile_sheet_find_axis (self, name) >= 0)
    return _nile_sheet_invalid (error, _("%s: axis “%s” appears twice"), where, name);

  for (guint i = 0; i < G_N_ELEMENTS (axis_kinds); i++)
    if (g_str_equal (axis_kinds[i].nick, kind_nick))
      {
        kind = axis_kinds[i].kind;
        enum_type = axis_kinds[i].enum_type;
      }
  if (kind < 0)
    return _nile_sheet_invalid (error, _("%s: “%s” is not a kind of axis"), where, kind_nick);

  axis = g_new0 (Axis, 1);
  axis->name = g_strdup (name);
  axis->kind = kind;
  axis->printed = TRUE;
  g_ptr_array_add (self->axes, axis);

  if (kind == NILE_AXIS_DICE_TOTAL)
    {
      if (!read_int (object, "min", where, &axis->min, error) ||
          !read_int (object, "max", where, &axis->max, error))
        return FALSE;
      if (axis->max < axis->min || axis->max - axis->min > 100)
        return _nile_sheet_invalid (error, _("%s: the dice totals %d to %d make no table"),
                                    where, axis->min, axis->max);
      for (int total = axis->min; total <= axis->max; total++)
        {
          g_ptr_array_add (values, g_strdup_printf ("%d", total));
          g_ptr_array_add (labels, g_strdup_printf ("%d", total));
        }
    }
  else if (kind == NILE_AXIS_COUNT)
    {
      JsonArray *ranges;
      JsonNode *printed = json_object_get_member (object, "printed");
      g_autoptr(GStrvBuilder) texts = g_strv_builder_new ();

      if (!read_array (object, "ranges", where, TRUE, &ranges, error))
        return FALSE;
      if (printed != NULL)
        {
          if (!JSON_NODE_HOLDS_VALUE (printed) ||
              json_node_get_value_type (printed) != G_TYPE_BOOLEAN)
            return _nile_sheet_invalid (error, _("%s: “printed” must be true or false"), where);
          axis->printed = json_node_get_boolean (printed);
        }
      for (guint i = 0; i < json_array_get_length (ranges); i++)
        {
          JsonNode *node = json_array_get_element (ranges, i);

          if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
            return _nile_sheet_invalid (error, _("%s: ranges[%u] must be text"), where, i);
          g_strv_builder_add (texts, json_node_get_string (node));
          g_ptr_array_add (values, g_strdup (json_node_get_string (node)));
          g_ptr_array_add (labels, g_strdup (json_node_get_string (node)));
        }
      axis->default_ranges = g_strv_builder_end (texts);
      axis->ranges = parse_ranges ((const char * const *) axis->default_ranges, where, error);
      if (axis->ranges == NULL)
        return FALSE;
    }
  else
    {
      JsonArray *list;
      g_autoptr(GEnumClass) enum_class = enum_type != NULL ? g_type_class_ref (enum_type ()) : NULL;

      if (!read_array (object, "values", where, TRUE, &list, error))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          JsonNode *node = json_array_get_element (list, i);
          const char *value = NULL;
          const char *label = NULL;

          if (kind == NILE_AXIS_CHOICE && JSON_NODE_HOLDS_OBJECT (node))
            {
              g_autofree char *item_where = g_strdup_printf ("%s.values[%u]", where, i);

              if (!read_string (json_node_get_object (node), "value", item_where, TRUE, &value, error) ||
                  !read_string (json_node_get_object (node), "label", item_where, TRUE, &label, error))
                return FALSE;
            }
          else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
            value = json_node_get_string (node);
          else
            return _nile_sheet_invalid (error, _("%s: values[%u] must be text"), where, i);

          if (!is_plain_value (value))
            return _nile_sheet_invalid (error, _("%s: “%s” is not a usable value"), where, value);
          if (enum_class != NULL && g_enum_get_value_by_nick (enum_class, value) == NULL)
            return _nile_sheet_invalid (error, _("%s: “%s” is not a %s"), where, value, kind_nick);
          if (kind == NILE_AXIS_POLICY)
            {
              int number;

              if (!parse_int (value, &number) || number < 1 || number > 9)
                return _nile_sheet_invalid (error, _("%s: “%s” is not a policy number"), where, value);
            }
          for (guint j = 0; j < values->len; j++)
            if (g_str_equal (values->pdata[j], value))
              return _nile_sheet_invalid (error, _("%s: “%s” appears twice"), where, value);

          g_ptr_array_add (values, g_strdup (value));
          /* Policies are named on the board; until the owner enters the
           * names they go by number. */
          if (kind == NILE_AXIS_POLICY)
            g_ptr_array_add (labels, g_strdup_printf (_("Policy %s"), value));
          else
            g_ptr_array_add (labels, g_strdup (label != NULL ? sheet_text (label) : value));
        }
    }

  if (values->len == 0)
    return _nile_sheet_invalid (error, _("%s: the axis has no values"), where);

  axis->values = g_steal_pointer (&values);
  axis->labels = g_steal_pointer (&labels);
  return TRUE;
}

static gboolean
parse_effects (JsonObject  *object,
               const char  *where,
               JsonNode   **out,
               GError     **error)
{
  JsonArray *effects;

  if (!read_array (object, "effects", where, FALSE, &effects, error))
    return FALSE;
  if (effects == NULL)
    {
      *out = json_node_init_array (json_node_alloc (), json_array_new ());
      return TRUE;
    }
  for (guint i = 0; i < json_array_get_length (effects); i++)
    {
      g_autofree char *effect_where = g_strdup_printf ("%s.effects", where);
      JsonObject *effect = element_object (effects, i, effect_where, error);
      const char *kind;

      if (effect == NULL || !read_string (effect, "kind", effect_where, TRUE, &kind, error))
        return FALSE;
    }
  *out = json_node_copy (json_object_get_member (object, "effects"));
  return TRUE;
}

static gboolean
parse_result (NileSheet  *self,
              JsonObject *root,
              GError    **error)
{
  JsonNode *node = json_object_get_member (root, "result");
  JsonObject *result;
  const char *type;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return _nile_sheet_invalid (error, _("sheet “%s”: “result” must be an object"), self->id);
  result = json_node_get_object (node);
  if (!read_string (result, "type", "result", TRUE, &type, error))
    return FALSE;

  if (g_str_equal (type, "code"))
    {
      JsonArray *codes;

      if (!read_array (result, "codes", "result", TRUE, &codes, error))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (codes); i++)
        {
          g_autofree char *where = g_strdup_printf ("result.codes[%u]", i);
          JsonObject *object = element_object (codes, i, "result.codes", error);
          const char *text, *meaning;
          Code *code;

          if (object == NULL ||
              !read_string (object, "code", where, TRUE, &text, error) ||
              !read_string (object, "meaning", where, TRUE, &meaning, error))
            return FALSE;
          if (nile_sheet_get_code_meaning (self, text) != NULL)
            return _nile_sheet_invalid (error, _("%s: code “%s” appears twice"), where, text);
          code = g_new0 (Code, 1);
          code->code = g_strdup (text);
          code->meaning = g_strdup (sheet_text (meaning));
          g_ptr_array_add (self->codes, code);
          if (!parse_effects (object, where, &code->effects, error))
            return FALSE;
        }
      if (self->codes->len == 0)
        return _nile_sheet_invalid (error, _("result: a sheet of codes needs at least one code"));
      return TRUE;
    }

  if (g_str_equal (type, "integer"))
    {
      const char *unit;

      if (!read_int (result, "min", "result", &self->value_min, error) ||
          !read_int (result, "max", "result", &self->value_max, error) ||
          !read_string (result, "unit", "result", TRUE, &unit, error))
        return FALSE;
      if (self->value_max < self->value_min)
        return _nile_sheet_invalid (error, _("result: “max” is below “min”"));
      self->unit = g_strdup (sheet_text (unit));
      return parse_effects (result, "result", &self->integer_effects, error);
    }

  return _nile_sheet_invalid (error, _("result: “%s” is not a kind of result"), type);
}

static gboolean
parse_modifiers (NileSheet  *self,
                 JsonObject *root,
                 GError    **error)
{
  JsonArray *list;

  if (!read_array (root, "modifiers", "sheet", FALSE, &list, error))
    return FALSE;

  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      g_autofree char *where = g_strdup_printf ("modifiers[%u]", i);
      JsonObject *object = element_object (list, i, "modifiers", error);
      JsonNode *when_node;
      JsonObject *when;
      const char *id, *input, *is, *reason;
      Modifier *modifier;
      int value;

      if (object == NULL ||
          !read_string (object, "id", where, TRUE, &id, error) ||
          !read_int (object, "value", where, &value, error) ||
          !read_string (object, "reason", where, TRUE, &reason, error))
        return FALSE;
      when_node = json_object_get_member (object, "when");
      if (when_node == NULL || !JSON_NODE_HOLDS_OBJECT (when_node))
        return _nile_sheet_invalid (error, _("%s: “when” must be an object"), where);
      when = json_node_get_object (when_node);
      if (!read_string (when, "input", where, TRUE, &input, error) ||
          !read_string (when, "is", where, FALSE, &is, error))
        return FALSE;

      modifier = g_new0 (Modifier, 1);
      modifier->id = g_strdup (id);
      modifier->input = g_strdup (input);
      modifier->is = g_strdup (is);
      modifier->value = value;
      modifier->reason = g_strdup (sheet_text (reason));
      g_ptr_array_add (self->modifiers, modifier);
    }
  return TRUE;
}

/* Turns a JSON object of axis → value into coordinates. Numbers are
 * accepted for counts and dice totals. */
GStrv
_nile_sheet_coords_from_json (NileSheet  *self,
                    JsonObject *at,
                    const char *where,
                    GError    **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) assignments = NULL;
  g_autoptr(GList) members = json_object_get_members (at);
  g_autoptr(GError) local_error = NULL;
  GStrv coords;

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (at, l->data);

      g_autofree char *assignment = NULL;

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        assignment = g_strdup_printf ("%s=%s", (char *) l->data, json_node_get_string (node));
      else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
        assignment = g_strdup_printf ("%s=%" G_GINT64_FORMAT, (char *) l->data,
                                      json_node_get_int (node));
      else
        {
          _nile_sheet_invalid (error, _("%s: “%s” must be text or a number"), where, (char *) l->data);
          return NULL;
        }
      g_strv_builder_add (builder, assignment);
    }
  assignments = g_strv_builder_end (builder);
  coords = nile_sheet_parse_coords (self, (const char * const *) assignments, &local_error);
  if (coords == NULL)
    _nile_sheet_invalid (error, "%s: %s", where, local_error->message);
  return coords;
}

static gboolean
parse_cells (NileSheet  *self,
             JsonObject *root,
             GError    **error)
{
  JsonArray *list;

  if (!read_array (root, "cells", "sheet", FALSE, &list, error))
    return FALSE;

  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      g_autofree char *where = g_strdup_printf ("cells[%u]", i);
      JsonObject *object = element_object (list, i, "cells", error);
      g_auto(GStrv) coords = NULL;
      g_autofree char *value = NULL;
      JsonNode *at, *value_node;
      const char *state, *source;
      NileSheetCell *cell;
      GError *value_error = NULL;

      if (object == NULL ||
          !read_string (object, "state", where, TRUE, &state, error) ||
          !read_string (object, "source", where, TRUE, &source, error))
        return FALSE;
      at = json_object_get_member (object, "at");
      if (at == NULL || !JSON_NODE_HOLDS_OBJECT (at))
        return _nile_sheet_invalid (error, _("%s: “at” must be an object"), where);
      coords = _nile_sheet_coords_from_json (self, json_node_get_object (at), where, error);
      if (coords == NULL)
        return FALSE;

      value_node = json_object_get_member (object, "value");
      if (value_node != NULL && JSON_NODE_HOLDS_VALUE (value_node) &&
          json_node_get_value_type (value_node) == G_TYPE_INT64)
        value = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (value_node));
      else if (value_node != NULL && JSON_NODE_HOLDS_VALUE (value_node) &&
               json_node_get_value_type (value_node) == G_TYPE_STRING)
        value = g_strdup (json_node_get_string (value_node));
      else
        return _nile_sheet_invalid (error, _("%s: “value” must be a code or a number"), where);
      if (!nile_sheet_check_value (self, value, &value_error))
        {
          _nile_sheet_invalid (error, "%s: %s", where, value_error->message);
          g_error_free (value_error);
          return FALSE;
        }

      cell = g_new0 (NileSheetCell, 1);
      if (g_str_equal (state, "known"))
        cell->state = NILE_CELL_KNOWN;
      else if (g_str_equal (state, "suggested"))
        cell->state = NILE_CELL_SUGGESTED;
      else
        {
          nile_sheet_cell_free (cell);
          return _nile_sheet_invalid (error, _("%s: “%s” is not known or suggested"), where, state);
        }
      cell->value = g_steal_pointer (&value);
      cell->source = g_strdup (sheet_text (source));
      if (!g_hash_table_insert (self->builtin,
                                _nile_sheet_coords_key ((const char * const *) coords), cell))
        return _nile_sheet_invalid (error, _("%s: the cell appears twice"), where);
    }
  return TRUE;
}

/**
 * nile_sheet_new_from_data:
 * @data: the sheet as JSON
 * @length: length of @data in bytes
 * @error: a NILE_ERROR_INVALID_INPUT naming what is wrong
 *
 * Returns: (transfer full): the sheet, or %NULL
 */
NileSheet *
nile_sheet_new_from_data (const char  *data,
                          gsize        length,
                          GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(NileSheet) self = NULL;
  g_autoptr(GError) parse_error = NULL;
  JsonObject *root;
  const char *id, *title, *edition, *rule, *dice, *description;
  JsonArray *axes;
  int format, edition_value;
  gsize n_cells = 1;

  if (!json_parser_load_from_data (parser, data, length, &parse_error))
    {
      _nile_sheet_invalid (error, _("the sheet is not valid JSON: %s"), parse_error->message);
      return NULL;
    }
  if (json_parser_get_root (parser) == NULL || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      _nile_sheet_invalid (error, _("a sheet must be a JSON object"));
      return NULL;
    }
  root = json_node_get_object (json_parser_get_root (parser));

  if (!read_int (root, "format", "sheet", &format, error))
    return NULL;
  if (format != SHEET_FORMAT)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_NEWER_FORMAT,
                   _("sheet format %d is not one this version reads"), format);
      return NULL;
    }
  if (!read_string (root, "id", "sheet", TRUE, &id, error) ||
      !read_string (root, "title", "sheet", TRUE, &title, error) ||
      !read_string (root, "edition", "sheet", TRUE, &edition, error) ||
      !read_string (root, "rule", "sheet", TRUE, &rule, error) ||
      !read_string (root, "dice", "sheet", TRUE, &dice, error) ||
      !read_string (root, "description", "sheet", TRUE, &description, error))
    return NULL;
  if (!is_plain_value (id))
    {
      _nile_sheet_invalid (error, _("sheet: “%s” is not a usable id"), id);
      return NULL;
    }
  if (!nile_enum_from_nick (NILE_TYPE_EDITION, edition, &edition_value))
    {
      _nile_sheet_invalid (error, _("sheet “%s”: “%s” is not an edition"), id, edition);
      return NULL;
    }

  self = g_object_new (NILE_TYPE_SHEET, NULL);
  self->id = g_strdup (id);
  self->title = g_strdup (sheet_text (title));
  self->edition = edition_value;
  self->rule = g_strdup (rule);
  self->dice = g_strdup (dice);
  self->description = g_strdup (sheet_text (description));

  if (!read_array (root, "axes", "sheet", TRUE, &axes, error))
    return NULL;
  for (guint i = 0; i < json_array_get_length (axes); i++)
    {
      g_autofree char *where = g_strdup_printf ("axes[%u]", i);
      JsonObject *object = element_object (axes, i, "axes", error);

      if (object == NULL || !parse_axis (self, object, where, error))
        return NULL;
      n_cells *= nile_sheet_get_axis_n_values (self, i);
      if (n_cells > MAX_CELLS)
        {
          _nile_sheet_invalid (error, _("sheet “%s” has too many cells"), id);
          return NULL;
        }
    }
  if (self->axes->len == 0)
    {
      _nile_sheet_invalid (error, _("sheet “%s” has no axes"), id);
      return NULL;
    }
  self->n_cells = n_cells;

  if (!parse_result (self, root, error) ||
      !parse_modifiers (self, root, error) ||
      !parse_cells (self, root, error))
    return NULL;

  return g_steal_pointer (&self);
}

const char *
nile_sheet_get_id (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  return self->id;
}

const char *
nile_sheet_get_title (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  return self->title;
}

NileEdition
nile_sheet_get_edition (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NILE_EDITION_AH);
  return self->edition;
}

const char *
nile_sheet_get_rule (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  return self->rule;
}

const char *
nile_sheet_get_dice (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  return self->dice;
}

const char *
nile_sheet_get_description (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  return self->description;
}

guint
nile_sheet_get_n_axes (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), 0);
  return self->axes->len;
}

int
nile_sheet_find_axis (NileSheet  *self,
                      const char *name)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), -1);

  for (guint i = 0; i < self->axes->len; i++)
    if (g_strcmp0 (((Axis *) self->axes->pdata[i])->name, name) == 0)
      return i;
  return -1;
}

static Axis *
get_axis (NileSheet *self,
          guint      axis)
{
  g_return_val_if_fail (axis < self->axes->len, NULL);
  return self->axes->pdata[axis];
}

const char *
nile_sheet_get_axis_name (NileSheet *self,
                          guint      axis)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  return get_axis (self, axis)->name;
}

NileAxisKind
nile_sheet_get_axis_kind (NileSheet *self,
                          guint      axis)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NILE_AXIS_CHOICE);
  return get_axis (self, axis)->kind;
}

guint
nile_sheet_get_axis_n_values (NileSheet *self,
                              guint      axis)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), 0);
  return get_axis (self, axis)->values->len;
}

const char *
nile_sheet_get_axis_value (NileSheet *self,
                           guint      axis,
                           guint      index)
{
  Axis *a;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  a = get_axis (self, axis);
  g_return_val_if_fail (index < a->values->len, NULL);
  return a->values->pdata[index];
}

/* For a policy this is the owner's name for it, if he gave one. */
const char *
nile_sheet_get_axis_label (NileSheet *self,
                           guint      axis,
                           guint      index)
{
  Axis *a;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  a = get_axis (self, axis);
  g_return_val_if_fail (index < a->values->len, NULL);
  if (a->kind == NILE_AXIS_POLICY)
    {
      const char *name = g_hash_table_lookup (self->policy_names, a->values->pdata[index]);

      if (name != NULL)
        return name;
    }
  return a->labels->pdata[index];
}

const char *
nile_sheet_get_policy_name (NileSheet  *self,
                            const char *policy)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  g_return_val_if_fail (policy != NULL, NULL);
  return g_hash_table_lookup (self->policy_names, policy);
}

/* FALSE when the axis's ranges are our default, not the board's. */
gboolean
nile_sheet_axis_is_printed (NileSheet *self,
                            guint      axis)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), FALSE);
  return get_axis (self, axis)->printed;
}

/* TRUE when the owner replaced the shipped ranges with his board's. */
gboolean
nile_sheet_axis_has_own_ranges (NileSheet *self,
                                guint      axis)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), FALSE);
  return get_axis (self, axis)->custom;
}

static void
update_n_cells (NileSheet *self)
{
  self->n_cells = 1;
  for (guint i = 0; i < self->axes->len; i++)
    self->n_cells *= get_axis (self, i)->values->len;
  /* The cached coordinates and cells are those of the old rows. */
  g_clear_pointer (&self->coords_variants, g_ptr_array_unref);
  g_clear_pointer (&self->resolved, g_ptr_array_unref);
  g_clear_pointer (&self->descriptions, g_ptr_array_unref);
}

/* Replaces a count axis's ranges with the owner's (NULL: the shipped
 * ones). Only ranges the board's are unknown for can change, and they
 * must start where the shipped ones start and end open, so every count
 * a roll can bring still has a row. */
gboolean
_nile_sheet_set_ranges (NileSheet          *self,
                        guint               axis,
                        const char * const *ranges,
                        GError            **error)
{
  Axis *a = get_axis (self, axis);
  g_autoptr(GArray) parsed = NULL;
  g_autoptr(GArray) defaults = NULL;
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  gsize n_cells;

  if (a->kind != NILE_AXIS_COUNT || a->printed)
    {
      g_set_error (error, NILE_ERROR, NILE_ERROR_FORBIDDEN,
                   _("The %s rows of %s are fixed; only ranges the board prints and we do not know can change"),
                   a->name, self->title);
      return FALSE;
    }
  if (ranges == NULL)
    ranges = (const char * const *) a->default_ranges;

  parsed = parse_ranges (ranges, a->name, error);
  if (parsed == NULL)
    return FALSE;
  defaults = parse_ranges ((const char * const *) a->default_ranges, a->name, NULL);
  if (g_array_index (parsed, CountRange, 0).lo != g_array_index (defaults, CountRange, 0).lo ||
      g_array_index (parsed, CountRange, parsed->len - 1).hi != G_MAXINT)
    return _nile_sheet_invalid (error, _("%s: the ranges must start at %d and end open, like “%d+”"),
                                a->name, g_array_index (defaults, CountRange, 0).lo,
                                g_array_index (parsed, CountRange, parsed->len - 1).lo);

  n_cells = self->n_cells / a->values->len * g_strv_length ((GStrv) ranges);
  if (n_cells > MAX_CELLS)
    return _nile_sheet_invalid (error, _("%s: that many ranges make too many cells"), a->name);

  for (guint i = 0; ranges[i] != NULL; i++)
    {
      for (guint j = 0; j < values->len; j++)
        if (g_str_equal (values->pdata[j], ranges[i]))
          return _nile_sheet_invalid (error, _("%s: “%s” appears twice"), a->name, ranges[i]);
      g_ptr_array_add (values, g_strdup (ranges[i]));
      g_ptr_array_add (labels, g_strdup (ranges[i]));
    }

  g_ptr_array_unref (a->values);
  a->values = g_steal_pointer (&values);
  g_ptr_array_unref (a->labels);
  a->labels = g_steal_pointer (&labels);
  g_array_unref (a->ranges);
  a->ranges = g_steal_pointer (&parsed);
  a->custom = !g_strv_equal (ranges, (const char * const *) a->default_ranges);
  update_n_cells (self);
  return TRUE;
}

static int
axis_index_of (Axis       *axis,
               const char *value)
{
  for (guint i = 0; i < axis->values->len; i++)
    if (g_str_equal (axis->values->pdata[i], value))
      return i;
  return -1;
}

/* The value of @axis that @text names in another case, or by the
 * label a player reads ("Bearer" for "bearer"); -1 if none. */
static int
axis_index_of_typed (Axis       *axis,
                     const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);

  for (guint i = 0; i < axis->values->len; i++)
    {
      g_autofree char *value = g_utf8_casefold (axis->values->pdata[i], -1);
      g_autofree char *label = axis->labels != NULL && i < axis->labels->len && axis->labels->pdata[i] != NULL
        ? g_utf8_casefold (axis->labels->pdata[i], -1) : NULL;

      if (g_str_equal (value, folded) || g_strcmp0 (label, folded) == 0)
        return i;
    }
  return -1;
}

/* What a refusal lists as taken: short lists only, as a count axis
 * may have a row for every number. */
#define MAX_LISTED 16

static char *
list_axis_values (Axis *axis)
{
  g_autoptr(GString) list = g_string_new (NULL);

  if (axis->values->len == 0 || axis->values->len > MAX_LISTED)
    return NULL;
  for (guint i = 0; i < axis->values->len; i++)
    g_string_append_printf (list, "%s%s", i > 0 ? ", " : "", (const char *) axis->values->pdata[i]);
  return g_string_free (g_steal_pointer (&list), FALSE);
}

/**
 * nile_sheet_axis_value_for_number:
 *
 * Finds the row for a count or a dice total. A modified dice total past
 * the end of the table reads the nearest row, as on the board.
 *
 * Returns: the axis value, or %NULL with a NILE_ERROR_INVALID_INPUT
 */
const char *
nile_sheet_axis_value_for_number (NileSheet  *self,
                                  guint       axis,
                                  int         number,
                                  GError    **error)
{
  Axis *a;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  a = get_axis (self, axis);

  if (a->kind == NILE_AXIS_DICE_TOTAL)
    return a->values->pdata[CLAMP (number, a->min, a->max) - a->min];

  if (a->kind == NILE_AXIS_COUNT)
    {
      for (guint i = 0; i < a->ranges->len; i++)
        {
          CountRange *range = &g_array_index (a->ranges, CountRange, i);

          if (number >= range->lo && number <= range->hi)
            return a->values->pdata[i];
        }
      _nile_sheet_invalid (error, _("sheet “%s” has no %s row for %d"), self->id, a->name, number);
      return NULL;
    }

  if (a->kind == NILE_AXIS_POLICY)
    {
      g_autofree char *text = g_strdup_printf ("%d", number);
      int index = axis_index_of (a, text);

      if (index >= 0)
        return a->values->pdata[index];
    }

  _nile_sheet_invalid (error, _("sheet “%s” has no %s %d"), self->id, a->name, number);
  return NULL;
}

gboolean
nile_sheet_has_codes (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), FALSE);
  return self->codes->len > 0;
}

guint
nile_sheet_get_n_codes (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), 0);
  return self->codes->len;
}

const char *
nile_sheet_get_code (NileSheet *self,
                     guint      index)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  g_return_val_if_fail (index < self->codes->len, NULL);
  return ((Code *) self->codes->pdata[index])->code;
}

static Code *
find_code (NileSheet  *self,
           const char *code)
{
  for (guint i = 0; i < self->codes->len; i++)
    if (g_strcmp0 (((Code *) self->codes->pdata[i])->code, code) == 0)
      return self->codes->pdata[i];
  return NULL;
}

const char *
nile_sheet_get_code_meaning (NileSheet  *self,
                             const char *code)
{
  Code *found;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  found = find_code (self, code);
  return found != NULL ? found->meaning : NULL;
}

void
nile_sheet_get_value_range (NileSheet *self,
                            int       *min,
                            int       *max)
{
  g_return_if_fail (NILE_IS_SHEET (self));
  *min = self->value_min;
  *max = self->value_max;
}

const char *
nile_sheet_get_unit (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  return self->unit;
}

gboolean
nile_sheet_check_value (NileSheet   *self,
                        const char  *value,
                        GError     **error)
{
  int number;

  g_return_val_if_fail (NILE_IS_SHEET (self), FALSE);

  if (value == NULL)
    return _nile_sheet_invalid (error, _("sheet “%s” needs a value"), self->id);
  if (!g_utf8_validate (value, -1, NULL))
    return _nile_sheet_invalid (error, _("sheet “%s”: a cell’s value must be UTF-8 text"), self->id);

  if (self->codes->len > 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      if (find_code (self, value) != NULL)
        return TRUE;
      for (guint i = 0; i < self->codes->len; i++)
        g_string_append_printf (list, "%s%s", i > 0 ? ", " : "",
                                ((Code *) self->codes->pdata[i])->code);
      return _nile_sheet_invalid (error, _("sheet “%s” has no code “%s” (its codes: %s)"),
                                  self->id, value, list->str);
    }

  if (!parse_int (value, &number) || number < self->value_min || number > self->value_max)
    return _nile_sheet_invalid (error, _("sheet “%s” takes a whole number from %d to %d, not “%s”"),
                                self->id, self->value_min, self->value_max, value);
  return TRUE;
}

/**
 * nile_sheet_peek_effects:
 * @value: a valid result of this sheet
 * @is_number: (out): whether this is a number sheet, whose effects all
 *   take the result as their "amount"
 * @number: (out): the result as a number, on a number sheet
 *
 * What a result does, without copying: the rolls read it on every throw.
 * On a number sheet the listed effects carry no amount; the caller gives
 * them @number, as nile_sheet_dup_effects() does.
 *
 * Returns: (transfer none): the JSON list of effect objects
 */
JsonArray *
nile_sheet_peek_effects (NileSheet  *self,
                         const char *value,
                         gboolean   *is_number,
                         int        *number)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  g_return_val_if_fail (is_number != NULL && number != NULL, NULL);

  *number = 0;
  *is_number = self->codes->len == 0;
  if (!*is_number)
    {
      Code *code = find_code (self, value);

      g_return_val_if_fail (code != NULL, NULL);
      return json_node_get_array (code->effects);
    }
  parse_int (value, number);
  return json_node_get_array (self->integer_effects);
}

/**
 * nile_sheet_dup_effects:
 * @value: a valid result of this sheet
 *
 * What a result does, as a JSON list of objects with a "kind". For a
 * number sheet each effect carries the number as "amount".
 *
 * Returns: (transfer full): a JSON array node
 */
JsonNode *
nile_sheet_dup_effects (NileSheet  *self,
                        const char *value)
{
  JsonArray *array;
  JsonArray *effects;
  int number = 0;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);

  if (self->codes->len > 0)
    {
      Code *code = find_code (self, value);

      g_return_val_if_fail (code != NULL, NULL);
      return json_node_copy (code->effects);
    }

  parse_int (value, &number);
  effects = json_node_get_array (self->integer_effects);
  array = json_array_new ();
  for (guint i = 0; i < json_array_get_length (effects); i++)
    {
      JsonNode *copy = json_node_copy (json_array_get_element (effects, i));

      json_object_set_int_member (json_node_get_object (copy), "amount", number);
      json_array_add_element (array, copy);
    }
  return json_node_init_array (json_node_alloc (), array);
}

guint
nile_sheet_get_n_modifiers (NileSheet *self)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), 0);
  return self->modifiers->len;
}

static Modifier *
get_modifier (NileSheet *self,
              guint      index)
{
  g_return_val_if_fail (index < self->modifiers->len, NULL);
  return self->modifiers->pdata[index];
}

const char *
nile_sheet_get_modifier_id (NileSheet *self,
                            guint      index)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  return get_modifier (self, index)->id;
}

int
nile_sheet_get_modifier_value (NileSheet *self,
                               guint      index)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), 0);
  return get_modifier (self, index)->value;
}

const char *
nile_sheet_get_modifier_reason (NileSheet *self,
                                guint      index)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  return get_modifier (self, index)->reason;
}

/* A modifier applies when its input is a true boolean, or, with "is",
 * when the input is that string. */
gboolean
nile_sheet_modifier_applies (NileSheet    *self,
                             guint         index,
                             GVariantDict *inputs)
{
  Modifier *modifier;
  g_autoptr(GVariant) value = NULL;

  g_return_val_if_fail (NILE_IS_SHEET (self), FALSE);
  modifier = get_modifier (self, index);
  value = g_variant_dict_lookup_value (inputs, modifier->input, NULL);
  if (value == NULL)
    return FALSE;
  if (modifier->is == NULL)
    return g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean (value);
  return g_variant_is_of_type (value, G_VARIANT_TYPE_STRING) &&
         g_str_equal (g_variant_get_string (value, NULL), modifier->is);
}

/**
 * nile_sheet_parse_coords:
 * @assignments: "axis=value" strings, one per axis, in any order
 *
 * Returns: (transfer full): the coordinates in axis order, or %NULL with
 *   a NILE_ERROR_INVALID_INPUT naming the axis or value
 */
GStrv
nile_sheet_parse_coords (NileSheet          *self,
                         const char * const *assignments,
                         GError            **error)
{
  g_autofree char **coords = NULL;
  GStrv result;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);

  coords = g_new0 (char *, self->axes->len + 1);
  for (guint i = 0; assignments != NULL && assignments[i] != NULL; i++)
    {
      const char *equals = strchr (assignments[i], '=');
      gsize name_length;
      const char *text;
      Axis *axis = NULL;
      int index = -1, value, number;

      if (equals == NULL)
        {
          _nile_sheet_invalid (error, _("“%s” should read AXIS=VALUE"), assignments[i]);
          return NULL;
        }
      /* Rolls parse coordinates on every throw: compare the name in
       * place rather than copy it out. */
      name_length = equals - assignments[i];
      text = equals + 1;
      for (guint a = 0; a < self->axes->len && index < 0; a++)
        {
          const char *name = get_axis (self, a)->name;

          if (strncmp (name, assignments[i], name_length) == 0 && name[name_length] == '\0')
            index = a;
        }
      if (index < 0)
        {
          g_autofree char *name = g_strndup (assignments[i], name_length);
          g_autoptr(GString) names = g_string_new (NULL);

          for (guint a = 0; a < self->axes->len; a++)
            g_string_append_printf (names, "%s%s", a > 0 ? ", " : "", get_axis (self, a)->name);
          _nile_sheet_invalid (error, _("sheet “%s” has no axis “%s” (it has: %s)"), self->id, name, names->str);
          return NULL;
        }
      axis = self->axes->pdata[index];
      if (coords[index] != NULL)
        {
          _nile_sheet_invalid (error, _("“%s” is given twice"), axis->name);
          return NULL;
        }

      value = axis_index_of (axis, text);
      if (value >= 0)
        coords[index] = axis->values->pdata[value];
      else if (axis->kind == NILE_AXIS_COUNT && parse_int (text, &number) && number >= 0)
        {
          coords[index] = (char *) nile_sheet_axis_value_for_number (self, index, number, error);
          if (coords[index] == NULL)
            return NULL;
        }
      else if ((value = axis_index_of_typed (axis, text)) >= 0)
        coords[index] = axis->values->pdata[value];
      else
        {
          g_autofree char *taken = list_axis_values (axis);

          if (taken != NULL)
            _nile_sheet_invalid (error, _("sheet “%s” has no %s “%s” (it has: %s)"), self->id, axis->name, text, taken);
          else
            _nile_sheet_invalid (error, _("sheet “%s” has no %s “%s”"), self->id, axis->name, text);
          return NULL;
        }
    }

  result = g_new0 (char *, self->axes->len + 1);
  for (guint i = 0; i < self->axes->len; i++)
    {
      if (coords[i] == NULL)
        {
          _nile_sheet_invalid (error, _("the %s is missing"), get_axis (self, i)->name);
          g_strfreev (result);
          return NULL;
        }
      result[i] = g_strdup (coords[i]);
    }
  return result;
}

gboolean
nile_sheet_check_coords (NileSheet          *self,
                         const char * const *coords,
                         GError            **error)
{
  g_return_val_if_fail (NILE_IS_SHEET (self), FALSE);

  if (coords == NULL || g_strv_length ((GStrv) coords) != self->axes->len)
    return _nile_sheet_invalid (error, _("sheet “%s” needs %u coordinates"), self->id, self->axes->len);
  for (guint i = 0; i < self->axes->len; i++)
    if (axis_index_of (get_axis (self, i), coords[i]) < 0)
      return _nile_sheet_invalid (error, _("sheet “%s” has no %s “%s”"),
                                  self->id, get_axis (self, i)->name, coords[i]);
  return TRUE;
}

/* The cell's place in a flat array, the last axis varying fastest, as in
 * nile_sheet_coords_at(); FALSE when @coords do not name a cell. */
static gboolean
flat_index_of (NileSheet          *self,
               const char * const *coords,
               guint              *flat_index)
{
  guint index = 0;

  if (coords == NULL)
    return FALSE;
  for (guint i = 0; i < self->axes->len; i++)
    {
      Axis *axis = get_axis (self, i);
      int value;

      if (coords[i] == NULL)
        return FALSE;
      value = axis_index_of (axis, coords[i]);
      if (value < 0)
        return FALSE;
      index = index * axis->values->len + value;
    }
  if (coords[self->axes->len] != NULL)
    return FALSE;
  *flat_index = index;
  return TRUE;
}

/* A per-cell cache, made on first use; @free_func takes NULL. */
static gpointer *
cache_slot (NileSheet      *self,
            GPtrArray     **cache,
            guint           flat_index,
            GDestroyNotify  free_func)
{
  if (*cache == NULL)
    {
      *cache = g_ptr_array_new_full (self->n_cells, free_func);
      g_ptr_array_set_size (*cache, self->n_cells);
    }
  return &(*cache)->pdata[flat_index];
}

static char *
describe_coords (NileSheet          *self,
                 const char * const *coords)
{
  GString *text = g_string_new (self->title);

  for (guint i = 0; i < self->axes->len; i++)
    {
      Axis *axis = get_axis (self, i);
      const char *label = nile_sheet_get_axis_label (self, i, axis_index_of (axis, coords[i]));

      g_string_append (text, i == 0 ? ": " : ", ");
      switch (axis->kind)
        {
        case NILE_AXIS_DICE_TOTAL:
          g_string_append_printf (text, "%s = %s",
                                  g_str_equal (self->dice, "none") ? axis->name : self->dice,
                                  coords[i]);
          break;

        case NILE_AXIS_COUNT:
          g_string_append_printf (text, "%s %s", axis->name, label);
          break;

        case NILE_AXIS_POLICY:
          if (g_hash_table_contains (self->policy_names, coords[i]))
            g_string_append_printf (text, _("%s (policy %s)"), label, coords[i]);
          else
            g_string_append_printf (text, _("policy %s"), coords[i]);
          break;

        case NILE_AXIS_ACTIVITY:
        case NILE_AXIS_TERRAIN:
        case NILE_AXIS_TRIBE_SIZE:
        case NILE_AXIS_TRAVEL_MODE:
        case NILE_AXIS_SPECIALTY:
        case NILE_AXIS_CHOICE:
        default:
          g_string_append (text, label);
          break;
        }
    }
  return g_string_free (text, FALSE);
}

/* "Native Attitude: Policy 3, normal, 2d6 = 8": enough to find the cell
 * on the board. Every roll shows one, so each is written once and kept
 * until a range or a policy's name changes. */
char *
nile_sheet_describe_coords (NileSheet          *self,
                            const char * const *coords)
{
  guint flat_index = 0;
  gboolean valid;
  gpointer *slot;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  valid = flat_index_of (self, coords, &flat_index);
  g_return_val_if_fail (valid, NULL);

  slot = cache_slot (self, &self->descriptions, flat_index, g_free);
  if (*slot == NULL)
    *slot = describe_coords (self, coords);
  return g_strdup (*slot);
}

char *
_nile_sheet_coords_key (const char * const *coords)
{
  return g_strjoinv (KEY_SEPARATOR, (GStrv) coords);
}

/**
 * nile_sheet_lookup_builtin:
 *
 * The cell as shipped, without the owner's entries.
 *
 * Returns: (transfer full): the cell, blank when nothing is known
 */
NileSheetCell *
nile_sheet_lookup_builtin (NileSheet          *self,
                           const char * const *coords)
{
  g_autofree char *key = NULL;
  NileSheetCell *cell;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  g_return_val_if_fail (nile_sheet_check_coords (self, coords, NULL), NULL);

  key = _nile_sheet_coords_key (coords);
  cell = g_hash_table_lookup (self->builtin, key);
  if (cell != NULL)
    return nile_sheet_cell_copy (cell);
  return g_new0 (NileSheetCell, 1);
}

static NileSheetCell *
resolve_cell (NileSheet          *self,
              const char * const *coords)
{
  g_autofree char *key = _nile_sheet_coords_key (coords);
  const char *owner_value = g_hash_table_lookup (self->owner, key);
  NileSheetCell *builtin = g_hash_table_lookup (self->builtin, key);
  NileSheetCell *cell;

  if (owner_value == NULL)
    return builtin != NULL ? nile_sheet_cell_copy (builtin) : g_new0 (NileSheetCell, 1);

  cell = g_new0 (NileSheetCell, 1);
  cell->state = NILE_CELL_KNOWN;
  cell->value = g_strdup (owner_value);
  /* A confirmed suggestion keeps its source; anything else came off
   * the owner's board. */
  if (builtin != NULL && g_str_equal (builtin->value, owner_value))
    cell->source = g_strdup_printf (_("%s, checked on your board"), builtin->source);
  else
    cell->source = g_strdup (_("your board"));
  cell->owner = TRUE;
  return cell;
}

/**
 * nile_sheet_peek_cell:
 *
 * The cell a roll uses: the owner's entry if he made one, else the
 * shipped value. Rolls read cells often and the owner's entries change
 * rarely, so each cell is resolved once and kept until an entry or a
 * range changes.
 *
 * Returns: (transfer none): the cell, blank when nothing is known; it
 *   stays valid until the owner's entries or the ranges change
 */
const NileSheetCell *
nile_sheet_peek_cell (NileSheet          *self,
                      const char * const *coords)
{
  guint flat_index = 0;
  gboolean valid;
  gpointer *slot;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  valid = flat_index_of (self, coords, &flat_index);
  g_return_val_if_fail (valid, NULL);

  slot = cache_slot (self, &self->resolved, flat_index, (GDestroyNotify) nile_sheet_cell_free);
  if (*slot == NULL)
    *slot = resolve_cell (self, coords);
  return *slot;
}

/**
 * nile_sheet_lookup:
 *
 * A copy of the cell nile_sheet_peek_cell() gives.
 *
 * Returns: (transfer full): the cell, blank when nothing is known
 */
NileSheetCell *
nile_sheet_lookup (NileSheet          *self,
                   const char * const *coords)
{
  const NileSheetCell *cell = nile_sheet_peek_cell (self, coords);

  return cell != NULL ? nile_sheet_cell_copy (cell) : NULL;
}

static void
clear_variant (gpointer variant)
{
  if (variant != NULL)
    g_variant_unref (variant);
}

/**
 * nile_sheet_get_coords_variant:
 *
 * The coordinates as an a{ss} dictionary from axis name to value, as a
 * roll result records them. Each cell's dictionary is built once and
 * shared, since every roll that reads the cell needs the same one.
 *
 * Returns: (transfer full): a new reference to the dictionary
 */
GVariant *
nile_sheet_get_coords_variant (NileSheet          *self,
                               const char * const *coords)
{
  guint flat_index = 0;
  gboolean valid;
  gpointer *slot;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  valid = flat_index_of (self, coords, &flat_index);
  g_return_val_if_fail (valid, NULL);

  slot = cache_slot (self, &self->coords_variants, flat_index, clear_variant);
  if (*slot == NULL)
    {
      g_autofree GVariant **entries = g_new (GVariant *, self->axes->len);

      for (guint i = 0; i < self->axes->len; i++)
        entries[i] = g_variant_new_dict_entry (g_variant_new_string (get_axis (self, i)->name),
                                               g_variant_new_string (coords[i]));
      *slot = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{ss}"), entries,
                                                       self->axes->len));
    }
  return g_variant_ref (*slot);
}

/**
 * nile_sheet_coords_at:
 * @flat_index: 0 to the number of cells − 1, the last axis varying fastest
 *
 * Returns: (transfer full): the coordinates of that cell
 */
GStrv
nile_sheet_coords_at (NileSheet *self,
                      guint      flat_index)
{
  g_auto(GStrv) coords = NULL;

  g_return_val_if_fail (NILE_IS_SHEET (self), NULL);
  g_return_val_if_fail (flat_index < self->n_cells, NULL);

  coords = g_new0 (char *, self->axes->len + 1);
  for (guint i = self->axes->len; i-- > 0;)
    {
      Axis *axis = get_axis (self, i);

      coords[i] = g_strdup (axis->values->pdata[flat_index % axis->values->len]);
      flat_index /= axis->values->len;
    }
  return g_steal_pointer (&coords);
}

/* Known counts the rules' cells and every owner entry. */
void
nile_sheet_count_cells (NileSheet *self,
                        guint     *known,
                        guint     *suggested,
                        guint     *total)
{
  GHashTableIter iter;
  gpointer key, value;
  guint n_known = 0, n_suggested = 0;

  g_return_if_fail (NILE_IS_SHEET (self));

  g_hash_table_iter_init (&iter, self->builtin);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      NileSheetCell *cell = value;

      if (g_hash_table_contains (self->owner, key))
        continue;
      if (cell->state == NILE_CELL_KNOWN)
        n_known++;
      else
        n_suggested++;
    }
  n_known += g_hash_table_size (self->owner);

  if (known != NULL)
    *known = n_known;
  if (suggested != NULL)
    *suggested = n_suggested;
  if (total != NULL)
    *total = self->n_cells;
}

char *
nile_sheet_describe_completion (guint known,
                                guint suggested,
                                guint total)
{
  if (suggested > 0)
    /* Translators: cells filled (known and suggested) of all the sheet's, then the suggested ones */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u/%u cell, %u to check", "%u/%u cells, %u to check",
                                         total),
                            known + suggested, total, suggested);

  /* Translators: cells filled of all the sheet's */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u/%u cell", "%u/%u cells", total), known, total);
}

const char *
_nile_sheet_get_owner_value (NileSheet  *self,
                             const char *key)
{
  return g_hash_table_lookup (self->owner, key);
}

void
_nile_sheet_set_owner_value (NileSheet  *self,
                             const char *key,
                             const char *value)
{
  if (value == NULL)
    g_hash_table_remove (self->owner, key);
  else
    g_hash_table_insert (self->owner, g_strdup (key), g_strdup (value));
  /* Imports set many entries in a row: drop the resolved cells at once
   * rather than find the one each key names. */
  g_clear_pointer (&self->resolved, g_ptr_array_unref);
}

/* Back to the sheet as shipped: no entries, names or rows of the
 * owner's, before his file is read again. */
void
_nile_sheet_reset_owner (NileSheet *self)
{
  for (guint i = 0; i < self->axes->len; i++)
    if (get_axis (self, i)->custom)
      _nile_sheet_set_ranges (self, i, NULL, NULL);
  g_hash_table_remove_all (self->owner);
  g_hash_table_remove_all (self->policy_names);
  g_clear_pointer (&self->resolved, g_ptr_array_unref);
  g_clear_pointer (&self->descriptions, g_ptr_array_unref);
}

GHashTable *
_nile_sheet_get_owner_cells (NileSheet *self)
{
  return self->owner;
}

const char *
_nile_sheet_get_policy_name (NileSheet  *self,
                             const char *policy)
{
  return g_hash_table_lookup (self->policy_names, policy);
}

void
_nile_sheet_set_policy_name (NileSheet  *self,
                             const char *policy,
                             const char *name)
{
  if (name == NULL)
    g_hash_table_remove (self->policy_names, policy);
  else
    g_hash_table_insert (self->policy_names, g_strdup (policy), g_strdup (name));
  /* The descriptions name policies by the owner's names. */
  g_clear_pointer (&self->descriptions, g_ptr_array_unref);
}

GHashTable *
_nile_sheet_get_policy_names (NileSheet *self)
{
  return self->policy_names;
}

void
_nile_sheet_emit_changed (NileSheet *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}
