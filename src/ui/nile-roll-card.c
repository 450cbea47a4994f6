/* nile-roll-card.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "nile-roll-card"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-display-names.h"
#include "nile-roll.h"
#include "nile-roll-card.h"
#include "nile-tables-util.h"
#include "nile-ui-util.h"

struct _NileRollCard
{
  GtkWidget       parent_instance;

  NileRollResult *result;
  NileSheetStore *sheets;

  GtkLabel       *title_label;
  GtkFlowBox     *dice_box;
  GtkListBox     *modifier_list;
  GtkBox         *outcome_box;
  GtkLabel       *outcome_label;
  GtkLabel       *text_label;
  GtkListBox     *cell_list;
  AdwActionRow   *cell_row;
  GtkLabel       *cell_value_label;
  GtkListBox     *step_list;
  GtkListBox     *effect_list;
  GtkBox         *needs_cell_box;
  GtkLabel       *needs_cell_label;
  GtkListBox     *code_box;
  GtkBox         *number_box;
  GtkSpinButton  *number_spin;
  GtkLabel       *cell_error_label;
  GtkWidget      *apply_button;
  GtkWidget      *next_button;
};

G_DEFINE_FINAL_TYPE (NileRollCard, nile_roll_card, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_RESULT,
  PROP_SHEETS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CELL_LEARNED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* How an effect's amount reads: a yes/no effect carries 1 and shows no
 * number; gains and losses that go both ways show their sign. */
typedef enum {
  AMOUNT_HIDDEN,
  AMOUNT_COUNT,
  AMOUNT_SIGNED,
} AmountStyle;

static const AmountStyle effect_amounts[NILE_N_EFFECTS] = {
  [NILE_EFFECT_FRESH_RATIONS] = AMOUNT_COUNT,
  [NILE_EFFECT_RATIONS] = AMOUNT_SIGNED,
  [NILE_EFFECT_GIFTS] = AMOUNT_SIGNED,
  [NILE_EFFECT_MUSKETS] = AMOUNT_SIGNED,
  [NILE_EFFECT_CAMELS] = AMOUNT_COUNT,
  [NILE_EFFECT_CANOES] = AMOUNT_COUNT,
  [NILE_EFFECT_CANOES_LOST] = AMOUNT_COUNT,
  [NILE_EFFECT_ASKARIS_KILLED] = AMOUNT_COUNT,
  [NILE_EFFECT_NATIVES_KILLED] = AMOUNT_COUNT,
  [NILE_EFFECT_PRISONERS] = AMOUNT_COUNT,
  [NILE_EFFECT_TRIBE_ATTITUDE] = AMOUNT_SIGNED,
  [NILE_EFFECT_KEEPS] = AMOUNT_COUNT,
  [NILE_EFFECT_ANIMALS_KILLED] = AMOUNT_COUNT,
  [NILE_EFFECT_RECOVERS] = AMOUNT_COUNT,
  [NILE_EFFECT_SICK_DIES] = AMOUNT_COUNT,
};

/* GTK 4.8 has no gtk_list_box_remove_all (). */
static void
remove_all_children (GtkWidget *container,
                     void     (*remove) (GtkWidget *container,
                                         GtkWidget *child))
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (container)) != NULL)
    remove (container, child);
}

static void
list_box_remove (GtkWidget *list,
                 GtkWidget *child)
{
  gtk_list_box_remove (GTK_LIST_BOX (list), child);
}

static void
flow_box_remove (GtkWidget *box,
                 GtkWidget *child)
{
  gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
}

static char *
format_signed (int value)
{
  /* A real minus sign reads better than a hyphen at a glance. */
  return value < 0 ? g_strdup_printf ("−%d", -value) : g_strdup_printf ("+%d", value);
}

static GtkWidget *
value_row (const char *title,
           const char *subtitle,
           const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (label, "roll-value");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  return row;
}

static GtkWidget *
total_row (const char *title,
           int         total)
{
  g_autofree char *value = g_strdup_printf ("%d", total);
  GtkWidget *row = value_row (title, NULL, value);

  gtk_widget_add_css_class (row, "roll-total");
  return row;
}

static GtkWidget *
die_face (guint value)
{
  g_autofree char *text = g_strdup_printf ("%u", value);
  g_autofree char *name = g_strdup_printf (_("Die showing %u"), value);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "die");
  gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  return label;
}

static char *
dice_text (const guint8 *dice,
           guint         first,
           guint         n)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = first; i < first + n; i++)
    g_string_append_printf (text, "%s%u", i > first ? " " : "", dice[i]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The result names the cell as axis → value; the sheet wants them in its
 * axis order. */
static GStrv
cell_coords_in_axis_order (NileSheet *sheet,
                           GVariant  *coords)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < nile_sheet_get_n_axes (sheet); i++)
    {
      const char *value = NULL;

      if (!g_variant_lookup (coords, nile_sheet_get_axis_name (sheet, i), "&s", &value))
        return NULL;
      g_strv_builder_add (builder, value);
    }
  return g_strv_builder_end (builder);
}

static NileSheet *
needed_sheet (NileRollCard  *self,
              GStrv         *coords_out)
{
  const char *sheet_id;
  GVariant *coords;
  NileSheet *sheet;

  if (self->result == NULL || self->sheets == NULL ||
      nile_roll_result_get_status (self->result) != NILE_ROLL_STATUS_NEEDS_CELL ||
      !nile_roll_result_get_cell (self->result, &sheet_id, &coords, NULL, NULL))
    return NULL;

  sheet = nile_sheet_store_lookup (self->sheets, sheet_id);
  if (sheet == NULL)
    return NULL;

  *coords_out = cell_coords_in_axis_order (sheet, coords);
  return *coords_out != NULL ? sheet : NULL;
}

static void
show_cell_error (NileRollCard *self,
                 const char   *message)
{
  gtk_label_set_text (self->cell_error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->cell_error_label), message != NULL);
}

static void
code_activated_cb (NileRollCard *self,
                   AdwActionRow *row)
{
  g_autoptr(GError) error = NULL;
  const char *code = g_object_get_data (G_OBJECT (row), "code");

  if (!nile_roll_card_learn_cell (self, code, &error))
    show_cell_error (self, error->message);
}

static void
number_activated_cb (NileRollCard *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;

  gtk_spin_button_update (self->number_spin);
  value = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (self->number_spin));
  if (!nile_roll_card_learn_cell (self, value, &error))
    show_cell_error (self, error->message);
}

/* One row per code the sheet defines, its meaning underneath: the
 * player finds the letter printed on the board and taps it. */
static GtkWidget *
code_row (NileRollCard *self,
          NileSheet    *sheet,
          const char   *code)
{
  const char *meaning = nile_sheet_get_code_meaning (sheet, code);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), code);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (meaning != NULL && g_strcmp0 (meaning, code) != 0)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), meaning);
      nile_ui_name_code_row (ADW_ACTION_ROW (row), code, meaning);
    }
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_add_css_class (row, "cell-code");
  g_object_set_data_full (G_OBJECT (row), "code", g_strdup (code), g_free);
  g_signal_connect_object (row, "activated", G_CALLBACK (code_activated_cb), self, G_CONNECT_SWAPPED);
  return row;
}

static void
update_needs_cell (NileRollCard *self)
{
  g_auto(GStrv) coords = NULL;
  g_autofree char *where = NULL;
  NileSheet *sheet;

  show_cell_error (self, NULL);
  remove_all_children (GTK_WIDGET (self->code_box), list_box_remove);

  sheet = needed_sheet (self, &coords);
  gtk_widget_set_visible (GTK_WIDGET (self->needs_cell_box), sheet != NULL);
  if (sheet == NULL)
    return;

  /* The sheet's own words name the modified total on its dice axis. */
  where = nile_sheet_describe_coords (sheet, (const char * const *) coords);
  gtk_label_set_text (self->needs_cell_label, where);

  if (nile_sheet_has_codes (sheet))
    {
      for (guint i = 0; i < nile_sheet_get_n_codes (sheet); i++)
        gtk_list_box_append (self->code_box, code_row (self, sheet, nile_sheet_get_code (sheet, i)));
    }
  else
    {
      int min, max;

      nile_sheet_get_value_range (sheet, &min, &max);
      gtk_spin_button_set_range (self->number_spin, min, max);
      gtk_spin_button_set_value (self->number_spin, CLAMP (0, min, max));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->code_box), nile_sheet_has_codes (sheet));
  gtk_widget_set_visible (GTK_WIDGET (self->number_box), !nile_sheet_has_codes (sheet));
}

static void
update_cell (NileRollCard *self)
{
  const char *sheet_id, *value;
  GVariant *coords;
  NileRollCellState state;
  NileSheet *sheet = NULL;
  g_auto(GStrv) ordered = NULL;
  g_autofree char *title = NULL;

  if (nile_roll_result_get_status (self->result) != NILE_ROLL_STATUS_DONE ||
      !nile_roll_result_get_cell (self->result, &sheet_id, &coords, &value, &state))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->cell_list), FALSE);
      return;
    }

  if (self->sheets != NULL)
    sheet = nile_sheet_store_lookup (self->sheets, sheet_id);
  if (sheet != NULL)
    ordered = cell_coords_in_axis_order (sheet, coords);
  title = ordered != NULL
          ? nile_sheet_describe_coords (sheet, (const char * const *) ordered)
          : g_strdup (sheet_id);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->cell_row), title);
  adw_action_row_set_subtitle (self->cell_row,
                               state == NILE_ROLL_CELL_SUGGESTED ? _("Suggested — check your board")
                               : state == NILE_ROLL_CELL_LEARNED ? _("From your board")
                               : _("Given by the rules"));
  gtk_label_set_text (self->cell_value_label, value != NULL ? value : "");
  gtk_widget_set_visible (GTK_WIDGET (self->cell_list), TRUE);
  if (state == NILE_ROLL_CELL_SUGGESTED)
    gtk_widget_add_css_class (GTK_WIDGET (self->cell_row), "suggested-cell");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->cell_row), "suggested-cell");
}

/* A sheet result can name the roll that follows it (a neutral tribe's
 * chief is negotiated with next): one tap opens it. */
static void
update_next (NileRollCard *self)
{
  GVariant *next = nile_roll_result_lookup_extra (self->result, "next-roll");
  const NileRollSpec *spec = NULL;

  if (next != NULL && g_variant_is_of_type (next, G_VARIANT_TYPE_STRING) &&
      nile_roll_result_get_status (self->result) == NILE_ROLL_STATUS_DONE)
    spec = nile_roll_lookup (g_variant_get_string (next, NULL));

  if (spec != NULL)
    {
      /* Translators: %s is the title of the roll that comes next */
      g_autofree char *label = g_strdup_printf (_("_Next: %s"), _(spec->title));

      gtk_button_set_label (GTK_BUTTON (self->next_button), label);
      /* The name is the label as shown, without its mnemonic mark. */
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->next_button), GTK_ACCESSIBLE_PROPERTY_LABEL);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->next_button), "s", spec->name);
    }
  /* The action takes the roll's name: no name, no action. */
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->next_button),
                                  spec != NULL ? "quick-roll.show-roll" : NULL);
  gtk_widget_set_visible (self->next_button, spec != NULL);
}

static void
update (NileRollCard *self)
{
  const NileRollModifier *modifiers;
  const NileRollEffect *effects;
  const NileRollStep *steps;
  const NileRollSpec *spec;
  const guint8 *dice;
  guint n_dice, n_modifiers, n_effects, n_steps;
  GVariant *against, *sheet_effects;
  gboolean needs_cell, has_total;
  int total;

  remove_all_children (GTK_WIDGET (self->dice_box), flow_box_remove);
  remove_all_children (GTK_WIDGET (self->modifier_list), list_box_remove);
  remove_all_children (GTK_WIDGET (self->step_list), list_box_remove);
  remove_all_children (GTK_WIDGET (self->effect_list), list_box_remove);

  if (self->result == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);

  spec = nile_roll_lookup (nile_roll_result_get_roll (self->result));
  {
    g_autofree char *title =
      g_strdup_printf ("%s · %s",
                       spec != NULL ? _(spec->title) : nile_roll_result_get_roll (self->result),
                       nile_edition_get_display_name (nile_roll_result_get_edition (self->result)));

    gtk_label_set_text (self->title_label, title);
  }

  dice = nile_roll_result_get_dice (self->result, &n_dice);
  for (guint i = 0; i < n_dice; i++)
    gtk_flow_box_append (self->dice_box, die_face (dice[i]));
  gtk_widget_set_visible (GTK_WIDGET (self->dice_box), n_dice > 0);

  /* Usually the modifiers change the dice and the total is what came of
   * it. When the result names a number the dice had "against" (DG Native
   * Attitude), the modifiers built that number instead: the dice come
   * first and the number to beat last, so nothing reads as a sum that is
   * not one. */
  against = nile_roll_result_lookup_extra (self->result, "against");
  if (against != NULL && !g_variant_is_of_type (against, G_VARIANT_TYPE_INT32))
    against = NULL;
  has_total = nile_roll_result_get_total (self->result, &total);

  if (has_total && against != NULL)
    gtk_list_box_append (self->modifier_list, total_row (_("Dice"), total));

  modifiers = nile_roll_result_get_modifiers (self->result, &n_modifiers);
  for (guint i = 0; i < n_modifiers; i++)
    {
      g_autofree char *value = format_signed (modifiers[i].value);

      gtk_list_box_append (self->modifier_list, value_row (modifiers[i].reason, NULL, value));
    }

  if (against != NULL)
    gtk_list_box_append (self->modifier_list, total_row (_("To beat"), g_variant_get_int32 (against)));
  else if (has_total)
    gtk_list_box_append (self->modifier_list, total_row (_("Total"), total));
  gtk_widget_set_visible (GTK_WIDGET (self->modifier_list),
                          gtk_widget_get_first_child (GTK_WIDGET (self->modifier_list)) != NULL);

  needs_cell = nile_roll_result_get_status (self->result) == NILE_ROLL_STATUS_NEEDS_CELL;
  gtk_widget_set_visible (GTK_WIDGET (self->outcome_box), !needs_cell);
  if (!needs_cell)
    {
      const char *outcome = nile_roll_result_get_outcome (self->result);
      /* A printed sheet's code is shown as the board has it. */
      const char *headline = nile_display_roll_word (outcome) ?: outcome;

      gtk_label_set_text (self->outcome_label, headline != NULL ? headline : "");
      gtk_widget_set_visible (GTK_WIDGET (self->outcome_label), headline != NULL);
      gtk_label_set_text (self->text_label, nile_roll_result_get_text (self->result));
    }

  update_cell (self);
  update_needs_cell (self);
  update_next (self);

  steps = nile_roll_result_get_steps (self->result, &n_steps);
  for (guint i = 0; i < n_steps; i++)
    {
      g_autofree char *step_dice = dice_text (dice, steps[i].first_die, steps[i].n_dice);
      g_autofree char *title = nile_tables_roll_word (steps[i].name);

      gtk_list_box_append (self->step_list, value_row (title, steps[i].text, step_dice));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->step_list), n_steps > 1);

  effects = nile_roll_result_get_effects (self->result, &n_effects);
  for (guint i = 0; i < n_effects; i++)
    {
      g_autofree char *amount = NULL;

      switch (effect_amounts[effects[i].kind])
        {
        case AMOUNT_COUNT:
          amount = g_strdup_printf ("%d", effects[i].amount);
          break;
        case AMOUNT_SIGNED:
          amount = format_signed (effects[i].amount);
          break;
        case AMOUNT_HIDDEN:
        default:
          break;
        }

      gtk_list_box_append (self->effect_list,
                           value_row (nile_effect_kind_get_description (effects[i].kind),
                                      effects[i].what, amount != NULL ? amount : ""));
    }

  /* What a sheet says happens beyond the make-up (a tribe turns neutral,
   * the natives attack): the players carry it out on the board. */
  sheet_effects = nile_roll_result_lookup_extra (self->result, "sheet-effects");
  if (sheet_effects != NULL && g_variant_is_of_type (sheet_effects, G_VARIANT_TYPE_STRING_ARRAY))
    {
      g_autofree const char **kinds = g_variant_get_strv (sheet_effects, NULL);

      for (guint i = 0; kinds[i] != NULL; i++)
        {
          g_autofree char *title = nile_tables_roll_word (kinds[i]);

          gtk_list_box_append (self->effect_list, value_row (title, NULL, ""));
        }
    }

  gtk_widget_set_visible (GTK_WIDGET (self->effect_list),
                          gtk_widget_get_first_child (GTK_WIDGET (self->effect_list)) != NULL);
}

static void
nile_roll_card_dispose (GObject *object)
{
  NileRollCard *self = NILE_ROLL_CARD (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_ROLL_CARD);
  /* Template children without a field are still ours to unparent. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->result);
  g_clear_object (&self->sheets);

  G_OBJECT_CLASS (nile_roll_card_parent_class)->dispose (object);
}

static void
nile_roll_card_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  NileRollCard *self = NILE_ROLL_CARD (object);

  switch (prop_id)
    {
    case PROP_RESULT:
      g_value_set_object (value, self->result);
      break;

    case PROP_SHEETS:
      g_value_set_object (value, self->sheets);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_roll_card_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  NileRollCard *self = NILE_ROLL_CARD (object);

  switch (prop_id)
    {
    case PROP_RESULT:
      nile_roll_card_set_result (self, g_value_get_object (value));
      break;

    case PROP_SHEETS:
      nile_roll_card_set_sheets (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_roll_card_class_init (NileRollCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_roll_card_dispose;
  object_class->get_property = nile_roll_card_get_property;
  object_class->set_property = nile_roll_card_set_property;

  properties[PROP_RESULT] =
    g_param_spec_object ("result", NULL, NULL,
                         NILE_TYPE_ROLL_RESULT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHEETS] =
    g_param_spec_object ("sheets", NULL, NULL,
                         NILE_TYPE_SHEET_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * NileRollCard::cell-learned:
   *
   * The blank cell the result stopped on now holds the player's value:
   * the roll can be made again with the same dice.
   */
  signals[CELL_LEARNED] =
    g_signal_new ("cell-learned",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-roll-card.ui");
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, title_label);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, dice_box);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, modifier_list);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, outcome_box);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, outcome_label);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, text_label);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, cell_list);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, cell_row);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, cell_value_label);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, step_list);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, effect_list);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, needs_cell_box);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, needs_cell_label);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, code_box);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, number_box);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, number_spin);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, cell_error_label);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, apply_button);
  gtk_widget_class_bind_template_child (widget_class, NileRollCard, next_button);
  gtk_widget_class_bind_template_callback (widget_class, number_activated_cb);

  gtk_widget_class_set_css_name (widget_class, "rollcard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
nile_roll_card_init (NileRollCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  nile_ui_leave_scrolling_to_page (self->number_spin);
  update (self);
}

GtkWidget *
nile_roll_card_new (void)
{
  return g_object_new (NILE_TYPE_ROLL_CARD, NULL);
}

NileRollResult *
nile_roll_card_get_result (NileRollCard *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_CARD (self), NULL);
  return self->result;
}

void
nile_roll_card_set_result (NileRollCard   *self,
                           NileRollResult *result)
{
  g_return_if_fail (NILE_IS_ROLL_CARD (self));
  g_return_if_fail (result == NULL || NILE_IS_ROLL_RESULT (result));

  if (!g_set_object (&self->result, result))
    return;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
}

NileSheetStore *
nile_roll_card_get_sheets (NileRollCard *self)
{
  g_return_val_if_fail (NILE_IS_ROLL_CARD (self), NULL);
  return self->sheets;
}

void
nile_roll_card_set_sheets (NileRollCard   *self,
                           NileSheetStore *sheets)
{
  g_return_if_fail (NILE_IS_ROLL_CARD (self));
  g_return_if_fail (sheets == NULL || NILE_IS_SHEET_STORE (sheets));

  if (!g_set_object (&self->sheets, sheets))
    return;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHEETS]);
}

void
nile_roll_card_set_apply_target (NileRollCard *self,
                                 const char   *explorer)
{
  g_return_if_fail (NILE_IS_ROLL_CARD (self));

  if (explorer != NULL)
    {
      /* Translators: %s is the explorer's name */
      g_autofree char *label = g_strdup_printf (_("A_pply to %s’s Expedition"), explorer);

      gtk_button_set_label (GTK_BUTTON (self->apply_button), label);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->apply_button), GTK_ACCESSIBLE_PROPERTY_LABEL);
    }
  gtk_widget_set_visible (self->apply_button, explorer != NULL);
}

gboolean
nile_roll_card_learn_cell (NileRollCard  *self,
                           const char    *value,
                           GError       **error)
{
  g_auto(GStrv) coords = NULL;
  NileSheet *sheet;

  g_return_val_if_fail (NILE_IS_ROLL_CARD (self), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  sheet = needed_sheet (self, &coords);
  g_return_val_if_fail (sheet != NULL, FALSE);

  if (!nile_sheet_store_set_cell (self->sheets, nile_sheet_get_id (sheet),
                                  (const char * const *) coords, value, error))
    return FALSE;

  show_cell_error (self, NULL);
  g_signal_emit (self, signals[CELL_LEARNED], 0);
  return TRUE;
}
