/* nile-quick-roll.c
 *
 * Copyright 2026 The Nile Ledger developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The inputs are generated from the roll's declared inputs, so a roll the
 * core adds shows up here with nothing to change. Entered dice are rolled
 * again after every die: the core says whether they are enough, too few
 * (the procedure asked for more) or wrong, so the pad never has to know
 * how many dice a procedure takes.
 */
#define G_LOG_DOMAIN "nile-quick-roll"

#include "config.h"

#include <glib/gi18n.h>

#include "nile-apply-roll.h"
#include "nile-display-names.h"
#include "nile-enum-types.h"
#include "nile-entered-dice.h"
#include "nile-escape-chooser.h"
#include "nile-dice-keys.h"
#include "nile-quick-roll.h"
#include "nile-random-dice.h"
#include "nile-roll.h"
#include "nile-roll-card.h"
#include "nile-tables-util.h"
#include "nile-turn.h"
#include "nile-ui-util.h"

/* More dice than any procedure uses in one go (turn order for eight
 * players with several rerolls stays well below). */
#define MAX_ENTERED_DICE 96

/* One input of the roll shown: what it asks, its row, and the widget
 * that holds its value (the row itself for a choice). The inputs group
 * owns the widgets; a record goes when its row is taken out. */
typedef struct
{
  const NileRollInput *input;
  GtkWidget           *row;
  GtkWidget           *control;
} InputRow;

struct _NileQuickRoll
{
  GtkWidget             parent_instance;

  char                 *roll;
  const NileRollSpec   *spec;
  NileEdition           edition;
  NileSheetStore       *sheets;
  NileDiceSource       *random_dice;
  NileRollResult       *result;
  gboolean              result_from_random;
  gboolean              result_applied;
  char                 *result_player;  /* whose expedition it was rolled for */
  char                 *apply_operation;  /* what Apply runs; NULL for apply-roll */
  GVariant             *apply_context;    /* a{sv} added to its parameters, or NULL */
  NileCampaign         *campaign;
  NileExplorer         *explorer;
  GVariant             *campaign_inputs;  /* a{sv}: inputs the campaign answers */

  GArray               *entered;      /* guint, each 1–6 */
  GArray               *input_rows;   /* InputRow, those of the inputs group */
  GHashTable           *values;       /* input name → GVariant, kept across rolls */
  char                 *error;
  GtkWidget            *scroll_target;  /* brought into view after layout, */
  gboolean              scroll_to_top;  /* to the top, or just enough to show it whole */

  GtkLabel             *title_label;
  GtkLabel             *summary_label;
  AdwPreferencesGroup  *inputs_group;
  GtkWidget            *dice_pad;
  GtkWidget            *face_buttons;
  GtkLabel             *entered_label;
  GtkButton            *finish_button;
  GtkLabel             *error_label;
  NileRollCard         *card;
};

G_DEFINE_FINAL_TYPE (NileQuickRoll, nile_quick_roll, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ROLL,
  PROP_EDITION,
  PROP_SHEETS,
  PROP_RANDOM_DICE,
  PROP_EXPLORER,
  PROP_CAMPAIGN,
  PROP_RESULT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
has_procedure (NileQuickRoll *self)
{
  return self->spec != NULL && nile_roll_spec_has_edition (self->spec, self->edition);
}

/* The record of the input @control shows, or NULL for a control no
 * longer in the inputs group. Found by search rather than kept on the
 * control, so a control left over from an earlier roll finds nothing.
 * The pointer holds until the inputs are rebuilt. */
static const InputRow *
find_input_row (NileQuickRoll *self,
                GtkWidget     *control)
{
  for (guint i = 0; self->input_rows != NULL && i < self->input_rows->len; i++)
    {
      const InputRow *record = &g_array_index (self->input_rows, InputRow, i);

      if (record->control == control)
        return record;
    }
  return NULL;
}

/* Whether a roll waits for @input picked: every choice the table needs,
 * and what the player declares (the native policy, the activity level:
 * the roll data marks them asked). The app never takes a choice to be
 * the first on the list, as a player who did not look would get a roll
 * for a small tribe or for a botanist without a word. What the campaign
 * knows (an explorer's travel mode or specialty) is filled in when the
 * roll opens for him. */
static gboolean
waits_for_pick (const NileRollInput *input)
{
  return input->asked || (input->kind == NILE_ROLL_INPUT_CHOICE && input->required);
}

/* Why a roll waits for @input picked, or NULL when it need not. */
static char *
dup_waits_reason (const NileRollInput *input)
{
  if (!waits_for_pick (input))
    return NULL;
  if (g_str_equal (input->name, "activity"))
    return g_strdup (_("Choose the activity level first: this roll reads it"));
  if (g_str_equal (input->name, "terrain"))
    return g_strdup (_("Choose the terrain first: this roll reads it"));
  /* TRANSLATORS: the quoted text is the title of a choice, such as
   * "Size of the tribe". */
  return g_strdup_printf (_("Choose “%s” first: this roll reads it"), _(input->description));
}

/* The value a row shows, or NULL for an optional choice left unset. */
static GVariant *
row_dup_value (const InputRow *record)
{
  const NileRollInput *input = record->input;
  GtkWidget *row = record->row;
  GtkWidget *control = record->control;

  switch (input->kind)
    {
    case NILE_ROLL_INPUT_INT:
      if (input->asked)
        {
          /* "Not chosen", then each number from the least. */
          guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (row));

          if (selected == 0 || selected > (guint) (input->max - input->min + 1))
            return NULL;
          return g_variant_ref_sink (g_variant_new_int32 (input->min + (int) selected - 1));
        }
      gtk_spin_button_update (GTK_SPIN_BUTTON (control));
      return g_variant_ref_sink (g_variant_new_int32 (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (control))));

    case NILE_ROLL_INPUT_BOOL:
      return g_variant_ref_sink (g_variant_new_boolean (gtk_switch_get_active (GTK_SWITCH (control))));

    case NILE_ROLL_INPUT_CHOICE:
      {
        g_autoptr(GEnumClass) klass = g_type_class_ref (input->type_func ());
        guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (row));

        /* The first entry is "Not given" or "Not chosen". */
        if (selected == 0)
          return NULL;
        selected--;
        if (selected >= klass->n_values)
          return NULL;
        return g_variant_ref_sink (g_variant_new_string (klass->values[selected].value_nick));
      }

    default:
      g_assert_not_reached ();
    }
}

/* FALSE when @value is not one of a choice's nicks. */
static gboolean
row_show_value (const InputRow *record,
                GVariant       *value)
{
  const NileRollInput *input = record->input;
  GtkWidget *row = record->row;
  GtkWidget *control = record->control;

  switch (input->kind)
    {
    case NILE_ROLL_INPUT_INT:
      if (input->asked)
        adw_combo_row_set_selected (ADW_COMBO_ROW (row), (guint) (g_variant_get_int32 (value) - input->min) + 1);
      else
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), g_variant_get_int32 (value));
      return TRUE;

    case NILE_ROLL_INPUT_BOOL:
      gtk_switch_set_active (GTK_SWITCH (control), g_variant_get_boolean (value));
      return TRUE;

    case NILE_ROLL_INPUT_CHOICE:
      {
        g_autoptr(GEnumClass) klass = g_type_class_ref (input->type_func ());
        GEnumValue *found = g_enum_get_value_by_nick (klass, g_variant_get_string (value, NULL));

        if (found == NULL)
          return FALSE;
        adw_combo_row_set_selected (ADW_COMBO_ROW (row),
                                    (guint) (found - klass->values) + 1);
        return TRUE;
      }

    default:
      g_assert_not_reached ();
    }
}

static const GVariantType *
input_variant_type (const NileRollInput *input)
{
  switch (input->kind)
    {
    case NILE_ROLL_INPUT_INT:
      return G_VARIANT_TYPE_INT32;
    case NILE_ROLL_INPUT_BOOL:
      return G_VARIANT_TYPE_BOOLEAN;
    case NILE_ROLL_INPUT_CHOICE:
      return G_VARIANT_TYPE_STRING;
    default:
      g_assert_not_reached ();
    }
}

static void set_error (NileQuickRoll *self,
                       const char    *message);
static void update_entered (NileQuickRoll *self);
static const NileRollInput *waits_for_choice (NileQuickRoll *self);
static void try_entered (NileQuickRoll *self,
                         gboolean       finished);

static void
input_changed_cb (NileQuickRoll *self,
                  GParamSpec    *pspec,
                  GtkWidget     *control)
{
  const InputRow *record = find_input_row (self, control);
  const char *name;
  GVariant *value;

  if (record == NULL)
    return;
  name = record->input->name;
  value = row_dup_value (record);

  /* Remembered by name, so askaris typed for one roll serve the next. */
  if (value != NULL)
    g_hash_table_insert (self->values, g_strdup (name), value);
  else
    g_hash_table_remove (self->values, name);

  set_error (self, NULL);
  /* Dice tapped while the inputs still stopped the roll stand: they are
   * read again with the inputs as they are now, as a new die would be. */
  if (self->entered->len > 0 && has_procedure (self) && waits_for_choice (self) == NULL)
    try_entered (self, FALSE);
  else
    update_entered (self);
}

static InputRow
create_input_row (NileQuickRoll       *self,
                  const NileRollInput *input)
{
  const char *title = _(input->description);
  GtkWidget *row, *control;

  switch (input->kind)
    {
    case NILE_ROLL_INPUT_INT:
      if (input->asked)
        {
          g_autoptr(GtkStringList) numbers = gtk_string_list_new (NULL);

          gtk_string_list_append (numbers, C_("choice", "Not chosen"));
          for (int value = input->min; value <= input->max; value++)
            {
              g_autofree char *text = g_strdup_printf ("%d", value);

              gtk_string_list_append (numbers, text);
            }
          row = adw_combo_row_new ();
          adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (numbers));
          nile_ui_list_choices_whole (ADW_COMBO_ROW (row));
          control = row;
          g_signal_connect_object (control, "notify::selected", G_CALLBACK (input_changed_cb), self, G_CONNECT_SWAPPED);
          break;
        }
      row = adw_action_row_new ();
      control = gtk_spin_button_new_with_range (input->min, input->max, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (control),
                                 input->required ? CLAMP (0, input->min, input->max) : input->fallback);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (control), TRUE);
      nile_ui_leave_scrolling_to_page (GTK_SPIN_BUTTON (control));
      gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), control);
      g_signal_connect_object (control, "notify::value", G_CALLBACK (input_changed_cb), self, G_CONNECT_SWAPPED);
      break;

    case NILE_ROLL_INPUT_BOOL:
      row = adw_action_row_new ();
      control = gtk_switch_new ();
      gtk_switch_set_active (GTK_SWITCH (control), input->fallback != 0);
      gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), control);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), control);
      g_signal_connect_object (control, "notify::active", G_CALLBACK (input_changed_cb), self, G_CONNECT_SWAPPED);
      break;

    case NILE_ROLL_INPUT_CHOICE:
      {
        g_autoptr(GEnumClass) klass = g_type_class_ref (input->type_func ());
        g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);

        if (g_str_equal (input->name, "activity"))
          gtk_string_list_append (choices, C_("activity", "Not chosen"));
        else if (!input->required)
          gtk_string_list_append (choices, C_("choice", "Not given"));
        else
          gtk_string_list_append (choices, C_("choice", "Not chosen"));
        for (guint i = 0; i < klass->n_values; i++)
          gtk_string_list_append (choices, nile_display_name (input->type_func (), klass->values[i].value_nick));

        row = adw_combo_row_new ();
        adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (choices));
        nile_ui_list_choices_whole (ADW_COMBO_ROW (row));
        control = row;
        g_signal_connect_object (control, "notify::selected", G_CALLBACK (input_changed_cb), self, G_CONNECT_SWAPPED);
      }
      break;

    default:
      g_assert_not_reached ();
    }

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  /* A switch is its row's activatable widget, which names it. */
  if (control != row && !GTK_IS_SWITCH (control))
    gtk_accessible_update_property (GTK_ACCESSIBLE (control),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                    -1);
  return (InputRow) { .input = input, .row = row, .control = control };
}

static void
rebuild_inputs (NileQuickRoll *self)
{
  const NileRollInput *inputs;

  for (guint i = 0; i < self->input_rows->len; i++)
    adw_preferences_group_remove (self->inputs_group, g_array_index (self->input_rows, InputRow, i).row);
  g_array_set_size (self->input_rows, 0);

  if (!has_procedure (self))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->inputs_group), FALSE);
      return;
    }

  inputs = self->spec->editions[self->edition].inputs;
  for (guint i = 0; inputs[i].name != NULL; i++)
    {
      InputRow record = create_input_row (self, &inputs[i]);
      GVariant *remembered = g_hash_table_lookup (self->values, inputs[i].name);

      /* Show what was typed for an earlier roll, unless it does not fit
       * this one (natives must be at least 1 where askaris may be 0). */
      if (remembered != NULL && g_variant_is_of_type (remembered, input_variant_type (&inputs[i])) &&
          (inputs[i].kind != NILE_ROLL_INPUT_INT ||
           (g_variant_get_int32 (remembered) >= inputs[i].min &&
            g_variant_get_int32 (remembered) <= inputs[i].max)))
        {
          g_signal_handlers_block_by_func (record.control, input_changed_cb, self);
          row_show_value (&record, remembered);
          g_signal_handlers_unblock_by_func (record.control, input_changed_cb, self);
        }

      /* Kept before it is shown, so the row finds its record at once. */
      g_array_append_val (self->input_rows, record);
      adw_preferences_group_add (self->inputs_group, record.row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->inputs_group), self->input_rows->len > 0);
}

GVariant *
nile_quick_roll_dup_inputs (NileQuickRoll *self)
{
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);

  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), NULL);

  for (guint i = 0; i < self->input_rows->len; i++)
    {
      const InputRow *record = &g_array_index (self->input_rows, InputRow, i);
      const char *name = record->input->name;
      g_autoptr(GVariant) value = row_dup_value (record);

      if (value != NULL)
        g_variant_builder_add (&builder, "{sv}", name, value);
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

static void scroll_into_view (NileQuickRoll *self,
                              GtkWidget     *widget,
                              gboolean       to_top);

static void
set_error (NileQuickRoll *self,
           const char    *message)
{
  if (g_strcmp0 (self->error, message) != 0)
    {
      g_free (self->error);
      self->error = g_strdup (message);
      gtk_label_set_text (self->error_label, message != NULL ? message : "");
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
    }

  /* On a phone a tap on Roll can leave the reason below the fold, as if
   * nothing happened: it comes into view, the same reason again too. */
  if (message != NULL)
    scroll_into_view (self, GTK_WIDGET (self->error_label), FALSE);
}

/* Brings @widget to the top of the scrolled window around the panel,
 * or, unless @to_top, scrolls as little as shows it whole. */
static void
scroll_to (GtkWidget *widget,
           gboolean   to_top)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;
  GtkWidget *child;
  graphene_rect_t bounds;
  double value, page;

  if (scrolled == NULL || (child = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled))) == NULL)
    return;

  /* The viewport stays put while its child scrolls: measure in the child. */
  if (GTK_IS_VIEWPORT (child))
    child = gtk_viewport_get_child (GTK_VIEWPORT (child));

  if (child == NULL || !gtk_widget_compute_bounds (widget, child, &bounds))
    return;

  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  value = gtk_adjustment_get_value (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  if (!to_top && bounds.origin.y + bounds.size.height + 12 > value + page)
    value = bounds.origin.y + bounds.size.height + 12 - page;
  if (to_top || bounds.origin.y - 12 < value)
    value = bounds.origin.y - 12;
  gtk_adjustment_set_value (adjustment, value);
}

static void
layout_done_cb (NileQuickRoll *self,
                GdkFrameClock *clock)
{
  g_signal_handlers_disconnect_by_func (clock, layout_done_cb, self);

  if (self->scroll_target != NULL)
    scroll_to (self->scroll_target, self->scroll_to_top);
  g_clear_object (&self->scroll_target);
}

/* A new result, a shown pad or a reason has no place yet: scroll once
 * the frame clock has laid it out. */
static void
scroll_into_view (NileQuickRoll *self,
                  GtkWidget     *widget,
                  gboolean       to_top)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock == NULL)
    return;

  g_set_object (&self->scroll_target, widget);
  self->scroll_to_top = to_top;
  g_signal_handlers_disconnect_by_func (clock, layout_done_cb, self);
  g_signal_connect_object (clock, "layout", G_CALLBACK (layout_done_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
}

/* A captive's escape and a recovery are written with operations of
 * their own, as on the Turn page and the command line: those check when
 * the roll may be made (R 15.3, 19.2), take a freed captive's
 * expedition from him, and write down even a roll that changes nothing,
 * so that no one rolls twice in a turn. NULL for any other roll. */
static const char *
own_operation (NileQuickRoll *self)
{
  const char *own;

  if (self->apply_operation != NULL)
    return NULL;
  own = nile_turn_roll_operation (nile_roll_result_get_roll (self->result));
  return own != NULL && !g_str_equal (own, "turn-roll") ? own : NULL;
}

/* A result belongs to the expedition it was rolled for: picking another
 * player in the sidebar afterwards does not move it there. */
static gboolean
can_apply (NileQuickRoll *self)
{
  if (self->campaign == NULL || self->explorer == NULL || self->result == NULL ||
      self->result_applied || nile_roll_result_get_status (self->result) != NILE_ROLL_STATUS_DONE ||
      g_strcmp0 (self->result_player, nile_explorer_get_player (self->explorer)) != 0)
    return FALSE;

  return (nile_apply_roll_changes_book (self->result) || own_operation (self) != NULL) &&
         nile_apply_roll_fits_campaign (self->campaign, self->result, NULL);
}

static void
update_apply (NileQuickRoll *self)
{
  gboolean enabled = can_apply (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "quick-roll.apply", enabled);
  nile_roll_card_set_apply_target (self->card, enabled ? nile_explorer_get_name (self->explorer) : NULL);
}

/* The input the roll waits for, a choice it reads not picked, or NULL
 * when it can be made. */
static const NileRollInput *
waits_for_choice (NileQuickRoll *self)
{
  const NileRollInput *waiting = NULL;

  for (guint i = 0; i < self->input_rows->len; i++)
    {
      const InputRow *record = &g_array_index (self->input_rows, InputRow, i);
      const NileRollInput *input = record->input;
      g_autoptr(GVariant) value = NULL;

      if (!waits_for_pick (input) || (value = row_dup_value (record)) != NULL)
        continue;
      /* The level is the turn's first choice: it is asked for first. */
      if (g_str_equal (input->name, "activity"))
        return input;
      if (waiting == NULL)
        waiting = input;
    }
  return waiting;
}

static void
update_actions (NileQuickRoll *self)
{
  /* Dice typed in roll just as the Roll button does: both wait. */
  gboolean can_roll = has_procedure (self) && waits_for_choice (self) == NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "quick-roll.roll", can_roll);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "quick-roll.enter-die", can_roll);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "quick-roll.enter-dice", can_roll);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "quick-roll.remove-die", self->entered->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "quick-roll.clear-dice", self->entered->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "quick-roll.finish-dice", can_roll && self->entered->len > 0);
  update_apply (self);
}

/* How many dice a roll with these inputs takes, found by running it with
 * none: a fixed procedure asks for the same number whatever they show.
 * FALSE when the inputs stop it before any die (the core says why once
 * the player rolls). */
static gboolean
count_fixed_dice (NileQuickRoll *self,
                  gsize         *n_dice)
{
  g_autoptr(NileDiceSource) probe = nile_entered_dice_new (NULL, 0);
  g_autoptr(GVariant) inputs = nile_quick_roll_dup_inputs (self);
  g_autoptr(NileRollResult) result = NULL;

  result = nile_roll_run (self->spec, self->edition, inputs, probe, self->sheets, NULL);
  *n_dice = nile_dice_source_get_n_rolled (probe);
  return result != NULL || *n_dice > 0;
}

static void
update_entered (NileQuickRoll *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const NileRollInput *waiting;
  gsize needed = 0;

  update_actions (self);

  if (!has_procedure (self))
    {
      gtk_label_set_text (self->entered_label, "");
      return;
    }

  for (guint i = 0; i < self->entered->len; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? " · " : "", g_array_index (self->entered, guint, i));
  if (self->entered->len > 0)
    g_string_append (text, "  —  ");

  /* Said where the dice go in, under the Roll button it holds back. */
  if ((waiting = waits_for_choice (self)) != NULL)
    {
      g_autofree char *reason = dup_waits_reason (waiting);

      g_string_append (text, reason);
    }
  else if (self->spec->dice_vary)
    {
      if (self->entered->len == 0)
        g_string_append (text, _("Tap each die in the order thrown; how many depends on the dice"));
      else
        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u die so far", "%u dice so far",
                                                   self->entered->len),
                                self->entered->len);
    }
  else if (!count_fixed_dice (self, &needed))
    g_string_append (text, self->entered->len > 0 ? "" : _("Or tap your dice in the order thrown"));
  else if (needed == 0)
    g_string_append (text, _("No dice needed with these inputs: tap Roll"));
  else if (self->entered->len > 0)
    g_string_append_printf (text, _("%u of %zu"), self->entered->len, needed);
  else if (needed == 1)
    g_string_append (text, _("Or tap the die you threw"));
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Or tap the %zu die you threw, in order",
                                               "Or tap the %zu dice you threw, in order", needed),
                            needed);

  gtk_label_set_text (self->entered_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->finish_button), self->spec->dice_vary);
}

static void
clear_entered (NileQuickRoll *self)
{
  g_array_set_size (self->entered, 0);
  update_entered (self);
}

static void
show_result (NileQuickRoll  *self,
             NileRollResult *result,
             gboolean        from_random)
{
  set_error (self, NULL);
  self->result_from_random = from_random;
  self->result_applied = FALSE;
  g_free (self->result_player);
  self->result_player = self->explorer != NULL ? g_strdup (nile_explorer_get_player (self->explorer)) : NULL;
  if (g_set_object (&self->result, result))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
  nile_roll_card_set_result (self->card, result);
  update_apply (self);
  scroll_into_view (self, GTK_WIDGET (self->card), TRUE);
}

static NileRollResult *
run_with (NileQuickRoll   *self,
          NileDiceSource  *dice,
          GError         **error)
{
  g_autoptr(GVariant) inputs = nile_quick_roll_dup_inputs (self);

  return nile_roll_run (self->spec, self->edition, inputs, dice, self->sheets, error);
}

/* Runs the roll on @values, the dice in the order thrown. Without a
 * result, @needs_more says whether it asked for more dice than that. */
static NileRollResult *
run_entered (NileQuickRoll  *self,
             GArray         *values,
             gboolean       *needs_more,
             GError        **error)
{
  g_autoptr(NileDiceSource) dice = nile_entered_dice_new ((const guint *) values->data, values->len);
  NileRollResult *result = run_with (self, dice, error);

  *needs_more = result == NULL && nile_dice_source_get_n_rolled (dice) > values->len;
  return result;
}

static void
try_entered (NileQuickRoll *self,
             gboolean       finished)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileRollResult) result = NULL;
  gboolean needs_more;

  result = run_entered (self, self->entered, &needs_more, &error);
  if (result != NULL)
    {
      clear_entered (self);
      show_result (self, result, FALSE);
      return;
    }

  /* Too few is the normal state while the dice go in, unless the player
   * says that was all. */
  set_error (self, needs_more && !finished ? NULL : error->message);
  update_entered (self);
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(NileRollResult) result = NULL;

  clear_entered (self);
  result = run_with (self, self->random_dice, &error);
  if (result == NULL)
    {
      set_error (self, error->message);
      return;
    }
  show_result (self, result, TRUE);
}

static void
enter_die_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (widget);
  int value = g_variant_get_int32 (parameter);
  guint die;

  if (value < 1 || value > 6)
    {
      set_error (self, _("A die shows 1 to 6"));
      return;
    }
  if (self->entered->len >= MAX_ENTERED_DICE)
    {
      set_error (self, _("That is more dice than any roll uses: clear them and start again"));
      return;
    }

  die = (guint) value;
  g_array_append_val (self->entered, die);
  try_entered (self, FALSE);
}

static gboolean
has_focus_within (NileQuickRoll *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self));
}

/* Remove Die and Clear turn insensitive with the last die gone, and GTK
 * then lets the focus go out of the panel, where the number keys no
 * longer reach the pad: it goes to the pad's dice instead. */
static void
keep_focus_on_pad (NileQuickRoll *self,
                   gboolean       had_focus)
{
  if (!had_focus || has_focus_within (self))
    return;

  gtk_widget_grab_focus (self->face_buttons);
}

static void
remove_die_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (widget);
  gboolean had_focus = has_focus_within (self);

  if (self->entered->len > 0)
    g_array_set_size (self->entered, self->entered->len - 1);
  set_error (self, NULL);
  update_entered (self);
  keep_focus_on_pad (self, had_focus);
}

static void
clear_dice_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (widget);
  gboolean had_focus = has_focus_within (self);

  set_error (self, NULL);
  clear_entered (self);
  keep_focus_on_pad (self, had_focus);
}

static void
finish_dice_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  try_entered (NILE_QUICK_ROLL (widget), TRUE);
}

static void
show_roll_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (widget);
  const char *roll = g_variant_get_string (parameter, NULL);

  if (nile_roll_lookup (roll) == NULL)
    return;

  nile_quick_roll_set_roll (self, roll);
  scroll_into_view (self, GTK_WIDGET (self->title_label), TRUE);
}

static void
enter_dice_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (widget);

  scroll_into_view (self, self->dice_pad, TRUE);
}

/* Runs apply-roll, or the operation set in its place, with @context
 * added to its parameters. */
static void
apply_result (NileQuickRoll *self,
              GVariant      *context)
{
  const char *operation = self->apply_operation;

  if (operation == NULL)
    operation = own_operation (self) != NULL ? own_operation (self) : "apply-roll";

  if (nile_ui_apply (GTK_WIDGET (self), self->campaign, operation,
                     nile_apply_roll_params (nile_explorer_get_player (self->explorer), self->result, context)))
    {
      self->result_applied = TRUE;
      update_apply (self);
    }
}

/* The most the members' list takes of a dialog's height: on a 640 px
 * phone, the heading, the rule and both responses fit around it. */
#define ESCAPE_CHOOSER_MAX_HEIGHT 240
/* The dialog's chooser, inside the scrolled window the dialog owns. */
#define ESCAPE_CHOOSER_KEY "nile-escape-chooser"

static void
on_escape_response (NileQuickRoll    *self,
                    const char       *response,
                    AdwMessageDialog *dialog)
{
  NileEscapeChooser *chooser = g_object_get_data (G_OBJECT (dialog), ESCAPE_CHOOSER_KEY);
  g_autoptr(GVariantDict) context = g_variant_dict_new (self->apply_context);
  g_autofree char *chosen = NULL;

  if (!g_str_equal (response, "escape") || !can_apply (self) || !nile_escape_chooser_get_complete (chooser))
    return;

  chosen = nile_escape_chooser_dup_chosen (chooser);
  g_variant_dict_insert (context, "escapes-with", "s", chosen);
  apply_result (self, g_variant_dict_end (context));
}

static void
on_escape_complete (AdwMessageDialog  *dialog,
                    GParamSpec        *pspec,
                    NileEscapeChooser *chooser)
{
  adw_message_dialog_set_response_enabled (dialog, "escape", nile_escape_chooser_get_complete (chooser));
}

/* An AH defeat he escapes from with members of his choice (R 15.21):
 * the same question the encounter window asks, before anything is
 * written. */
static void
ask_whom_he_escapes_with (NileQuickRoll *self,
                          int            amount)
{
  GtkWidget *chooser = nile_escape_chooser_new ();
  GtkWidget *scrolled;
  AdwMessageDialog *dialog;
  g_autofree char *heading = NULL;

  nile_escape_chooser_set_expedition (NILE_ESCAPE_CHOOSER (chooser), nile_explorer_get_expedition (self->explorer),
                                      amount);
  heading = nile_escape_chooser_dup_heading (NILE_ESCAPE_CHOOSER (chooser));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                                       heading, nile_escape_chooser_get_rule ()));
  /* On a phone the members scroll, so that both responses stay on the
   * screen under them. */
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), ESCAPE_CHOOSER_MAX_HEIGHT);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), chooser);
  adw_message_dialog_set_extra_child (dialog, scrolled);
  g_object_set_data (G_OBJECT (dialog), ESCAPE_CHOOSER_KEY, chooser);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "escape", _("_Escape With Them"), NULL);
  nile_ui_name_responses (dialog);
  adw_message_dialog_set_response_appearance (dialog, "escape", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "escape");
  adw_message_dialog_set_close_response (dialog, "cancel");
  on_escape_complete (dialog, NULL, NILE_ESCAPE_CHOOSER (chooser));
  g_signal_connect_object (chooser, "notify::complete", G_CALLBACK (on_escape_complete), dialog, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_escape_response), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Runs apply-roll, or the operation set in its place, on the campaign:
 * every effect of the result in one journaled, undoable change. The
 * tribe and the cache are the ones in the explorer's hex; where the book
 * cannot tell, the error says so. */
static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (widget);
  int escape;

  if (!can_apply (self))
    return;

  /* With no more members than he may take there is nothing to choose. */
  escape = nile_apply_roll_escape_members (self->result);
  if (escape > 0 && nile_expedition_count_members (nile_explorer_get_expedition (self->explorer)) > escape)
    {
      ask_whom_he_escapes_with (self, escape);
      return;
    }

  apply_result (self, self->apply_context);
}

/* Shows the explorer's make-up in the inputs it answers. */
static void
fill_from_explorer (NileQuickRoll *self)
{
  g_autoptr(GVariant) explorer_inputs = NULL;
  GVariantIter iter;
  const char *name;
  GVariant *value;

  /* The campaign's house rules first: they hold with or without an
   * explorer. */
  if (self->campaign_inputs != NULL)
    {
      g_variant_iter_init (&iter, self->campaign_inputs);
      while (g_variant_iter_loop (&iter, "{&sv}", &name, &value))
        nile_quick_roll_set_input (self, name, value);
    }

  if (self->explorer == NULL)
    return;

  /* A roll without such an input simply ignores it. */
  explorer_inputs = g_variant_ref_sink (nile_explorer_get_roll_inputs (self->explorer));
  g_variant_iter_init (&iter, explorer_inputs);
  while (g_variant_iter_loop (&iter, "{&sv}", &name, &value))
    nile_quick_roll_set_input (self, name, value);
}

/* The blank cell is filled: the same dice decide again. A procedure that
 * goes on past the cell may need more dice than it threw before; the app
 * throws them when it threw the first ones, the players otherwise. */
static void
cell_learned_cb (NileQuickRoll *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NileRollResult) result = NULL;
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint));
  const guint8 *dice;
  guint n_dice;
  gboolean needs_more = FALSE;

  g_return_if_fail (self->result != NULL);

  dice = nile_roll_result_get_dice (self->result, &n_dice);
  for (guint i = 0; i < n_dice; i++)
    {
      guint die = dice[i];

      g_array_append_val (values, die);
    }

  for (;;)
    {
      g_clear_error (&error);
      result = run_entered (self, values, &needs_more, &error);
      if (result != NULL || !needs_more || !self->result_from_random || values->len >= MAX_ENTERED_DICE)
        break;

      {
        guint die = nile_dice_source_roll (self->random_dice);

        g_array_append_val (values, die);
      }
    }

  if (result != NULL)
    {
      show_result (self, result, self->result_from_random);
      return;
    }

  if (needs_more)
    {
      /* The players throw the rest on top of what they threw. */
      g_array_set_size (self->entered, 0);
      g_array_append_vals (self->entered, values->data, values->len);
      update_entered (self);
      scroll_into_view (self, self->dice_pad, TRUE);
      return;
    }
  set_error (self, error->message);
}

static void
update_roll (NileQuickRoll *self)
{
  g_autofree char *missing = NULL;

  gtk_label_set_text (self->title_label, self->spec != NULL ? _(self->spec->title) : "");
  gtk_label_set_text (self->summary_label, self->spec != NULL ? _(self->spec->summary) : "");

  if (self->result != NULL)
    {
      g_clear_object (&self->result);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
    }
  nile_roll_card_set_result (self->card, NULL);
  g_array_set_size (self->entered, 0);
  set_error (self, NULL);

  rebuild_inputs (self);
  fill_from_explorer (self);
  gtk_widget_set_visible (self->dice_pad, has_procedure (self));

  if (self->spec != NULL && !has_procedure (self))
    {
      NileEdition other = self->edition == NILE_EDITION_AH ? NILE_EDITION_DG : NILE_EDITION_AH;

      missing = g_strdup_printf (_("The %s edition has no such roll; switch to %s to make it."),
                                 nile_edition_get_display_name (self->edition),
                                 nile_edition_get_display_name (other));
      set_error (self, missing);
    }
  update_entered (self);
}

static void
nile_quick_roll_dispose (GObject *object)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), NILE_TYPE_QUICK_ROLL);
  /* Template children without a field are still ours to unparent. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->sheets);
  g_clear_object (&self->random_dice);
  g_clear_object (&self->result);
  g_clear_object (&self->campaign);
  g_clear_object (&self->explorer);
  g_clear_object (&self->scroll_target);
  g_clear_pointer (&self->input_rows, g_array_unref);

  G_OBJECT_CLASS (nile_quick_roll_parent_class)->dispose (object);
}

static void
nile_quick_roll_finalize (GObject *object)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (object);

  g_clear_pointer (&self->roll, g_free);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->result_player, g_free);
  g_clear_pointer (&self->apply_operation, g_free);
  g_clear_pointer (&self->apply_context, g_variant_unref);
  g_clear_pointer (&self->entered, g_array_unref);
  g_clear_pointer (&self->values, g_hash_table_unref);
  g_clear_pointer (&self->campaign_inputs, g_variant_unref);

  G_OBJECT_CLASS (nile_quick_roll_parent_class)->finalize (object);
}

static void
nile_quick_roll_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (object);

  switch (prop_id)
    {
    case PROP_ROLL:
      g_value_set_string (value, self->roll);
      break;

    case PROP_EDITION:
      g_value_set_enum (value, self->edition);
      break;

    case PROP_SHEETS:
      g_value_set_object (value, self->sheets);
      break;

    case PROP_RANDOM_DICE:
      g_value_set_object (value, self->random_dice);
      break;

    case PROP_EXPLORER:
      g_value_set_object (value, self->explorer);
      break;

    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;

    case PROP_RESULT:
      g_value_set_object (value, self->result);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_quick_roll_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  NileQuickRoll *self = NILE_QUICK_ROLL (object);

  switch (prop_id)
    {
    case PROP_ROLL:
      nile_quick_roll_set_roll (self, g_value_get_string (value));
      break;

    case PROP_EDITION:
      nile_quick_roll_set_edition (self, g_value_get_enum (value));
      break;

    case PROP_SHEETS:
      nile_quick_roll_set_sheets (self, g_value_get_object (value));
      break;

    case PROP_RANDOM_DICE:
      nile_quick_roll_set_random_dice (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nile_quick_roll_class_init (NileQuickRollClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nile_quick_roll_dispose;
  object_class->finalize = nile_quick_roll_finalize;
  object_class->get_property = nile_quick_roll_get_property;
  object_class->set_property = nile_quick_roll_set_property;

  properties[PROP_ROLL] =
    g_param_spec_string ("roll", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EDITION] =
    g_param_spec_enum ("edition", NULL, NULL,
                       NILE_TYPE_EDITION, NILE_EDITION_AH,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHEETS] =
    g_param_spec_object ("sheets", NULL, NULL,
                         NILE_TYPE_SHEET_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RANDOM_DICE] =
    g_param_spec_object ("random-dice", NULL, NULL,
                         NILE_TYPE_DICE_SOURCE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EXPLORER] =
    g_param_spec_object ("explorer", NULL, NULL,
                         NILE_TYPE_EXPLORER,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL,
                         NILE_TYPE_CAMPAIGN,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RESULT] =
    g_param_spec_object ("result", NULL, NULL,
                         NILE_TYPE_ROLL_RESULT,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (NILE_TYPE_DICE_KEYS);
  g_type_ensure (NILE_TYPE_ROLL_CARD);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/nile-quick-roll.ui");
  gtk_widget_class_bind_template_child (widget_class, NileQuickRoll, title_label);
  gtk_widget_class_bind_template_child (widget_class, NileQuickRoll, summary_label);
  gtk_widget_class_bind_template_child (widget_class, NileQuickRoll, inputs_group);
  gtk_widget_class_bind_template_child (widget_class, NileQuickRoll, dice_pad);
  gtk_widget_class_bind_template_child (widget_class, NileQuickRoll, face_buttons);
  gtk_widget_class_bind_template_child (widget_class, NileQuickRoll, entered_label);
  gtk_widget_class_bind_template_child (widget_class, NileQuickRoll, finish_button);
  gtk_widget_class_bind_template_child (widget_class, NileQuickRoll, error_label);
  gtk_widget_class_bind_template_child (widget_class, NileQuickRoll, card);
  gtk_widget_class_bind_template_callback (widget_class, cell_learned_cb);

  gtk_widget_class_install_action (widget_class, "quick-roll.roll", NULL, roll_action);
  gtk_widget_class_install_action (widget_class, "quick-roll.enter-die", "i", enter_die_action);
  gtk_widget_class_install_action (widget_class, "quick-roll.remove-die", NULL, remove_die_action);
  gtk_widget_class_install_action (widget_class, "quick-roll.clear-dice", NULL, clear_dice_action);
  gtk_widget_class_install_action (widget_class, "quick-roll.finish-dice", NULL, finish_dice_action);
  gtk_widget_class_install_action (widget_class, "quick-roll.enter-dice", NULL, enter_dice_action);
  gtk_widget_class_install_action (widget_class, "quick-roll.apply", NULL, apply_action);
  gtk_widget_class_install_action (widget_class, "quick-roll.show-roll", "s", show_roll_action);

  /* Dice typed on a keyboard go straight to the pad. */
  for (int face = 1; face <= 6; face++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0 + face, 0,
                                           "quick-roll.enter-die", "i", face);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0 + face, 0,
                                           "quick-roll.enter-die", "i", face);
    }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "quick-roll.roll", NULL);

  gtk_widget_class_set_css_name (widget_class, "quickroll");
}

static void
nile_quick_roll_init (NileQuickRoll *self)
{
  self->edition = NILE_EDITION_AH;
  self->entered = g_array_new (FALSE, FALSE, sizeof (guint));
  self->input_rows = g_array_new (FALSE, FALSE, sizeof (InputRow));
  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_variant_unref);
  self->random_dice = nile_random_dice_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  update_roll (self);
}

GtkWidget *
nile_quick_roll_new (void)
{
  return g_object_new (NILE_TYPE_QUICK_ROLL, NULL);
}

const char *
nile_quick_roll_get_roll (NileQuickRoll *self)
{
  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), NULL);
  return self->roll;
}

void
nile_quick_roll_set_roll (NileQuickRoll *self,
                          const char    *roll)
{
  const NileRollSpec *spec = NULL;

  g_return_if_fail (NILE_IS_QUICK_ROLL (self));

  if (roll != NULL)
    {
      spec = nile_roll_lookup (roll);
      g_return_if_fail (spec != NULL);
    }
  if (spec == self->spec)
    return;

  self->spec = spec;
  g_free (self->roll);
  self->roll = spec != NULL ? g_strdup (spec->name) : NULL;
  update_roll (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROLL]);
}

NileEdition
nile_quick_roll_get_edition (NileQuickRoll *self)
{
  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), NILE_EDITION_AH);
  return self->edition;
}

void
nile_quick_roll_set_edition (NileQuickRoll *self,
                             NileEdition    edition)
{
  g_return_if_fail (NILE_IS_QUICK_ROLL (self));
  g_return_if_fail (edition < NILE_N_EDITIONS);

  if (self->edition == edition)
    return;

  self->edition = edition;
  update_roll (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITION]);
}

NileSheetStore *
nile_quick_roll_get_sheets (NileQuickRoll *self)
{
  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), NULL);
  return self->sheets;
}

void
nile_quick_roll_set_sheets (NileQuickRoll  *self,
                            NileSheetStore *sheets)
{
  g_return_if_fail (NILE_IS_QUICK_ROLL (self));
  g_return_if_fail (sheets == NULL || NILE_IS_SHEET_STORE (sheets));

  if (!g_set_object (&self->sheets, sheets))
    return;
  nile_roll_card_set_sheets (self->card, sheets);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHEETS]);
}

NileDiceSource *
nile_quick_roll_get_random_dice (NileQuickRoll *self)
{
  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), NULL);
  return self->random_dice;
}

void
nile_quick_roll_set_random_dice (NileQuickRoll  *self,
                                 NileDiceSource *dice)
{
  g_return_if_fail (NILE_IS_QUICK_ROLL (self));
  g_return_if_fail (NILE_IS_DICE_SOURCE (dice));

  if (!g_set_object (&self->random_dice, dice))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANDOM_DICE]);
}

NileExplorer *
nile_quick_roll_get_explorer (NileQuickRoll *self)
{
  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), NULL);
  return self->explorer;
}

NileCampaign *
nile_quick_roll_get_campaign (NileQuickRoll *self)
{
  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), NULL);
  return self->campaign;
}

void
nile_quick_roll_set_explorer (NileQuickRoll *self,
                              NileCampaign  *campaign,
                              NileExplorer  *explorer)
{
  gboolean campaign_changed, explorer_changed;

  g_return_if_fail (NILE_IS_QUICK_ROLL (self));
  g_return_if_fail (campaign == NULL || NILE_IS_CAMPAIGN (campaign));
  g_return_if_fail (explorer == NULL || NILE_IS_EXPLORER (explorer));

  campaign_changed = g_set_object (&self->campaign, campaign);
  explorer_changed = g_set_object (&self->explorer, explorer);

  fill_from_explorer (self);
  update_apply (self);

  if (campaign_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
  if (explorer_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXPLORER]);
}

NileRollResult *
nile_quick_roll_get_result (NileQuickRoll *self)
{
  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), NULL);
  return self->result;
}

void
nile_quick_roll_set_apply_operation (NileQuickRoll *self,
                                     const char    *operation,
                                     GVariant      *context)
{
  g_autoptr(GVariant) owned = context != NULL ? g_variant_ref_sink (context) : NULL;

  g_return_if_fail (NILE_IS_QUICK_ROLL (self));
  g_return_if_fail (owned == NULL || g_variant_is_of_type (owned, G_VARIANT_TYPE_VARDICT));

  g_free (self->apply_operation);
  self->apply_operation = g_strdup (operation);
  g_clear_pointer (&self->apply_context, g_variant_unref);
  self->apply_context = g_steal_pointer (&owned);
}

gboolean
nile_quick_roll_get_result_applied (NileQuickRoll *self)
{
  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), FALSE);
  return self->result != NULL && self->result_applied;
}

gboolean
nile_quick_roll_set_input (NileQuickRoll *self,
                           const char    *name,
                           GVariant      *value)
{
  g_autoptr(GVariant) owned = NULL;

  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), FALSE);
  g_return_val_if_fail (name != NULL && value != NULL, FALSE);

  owned = g_variant_ref_sink (value);
  for (guint i = 0; i < self->input_rows->len; i++)
    {
      const InputRow *record = &g_array_index (self->input_rows, InputRow, i);
      const NileRollInput *input = record->input;

      if (g_str_equal (input->name, name))
        {
          if (!g_variant_is_of_type (owned, input_variant_type (input)))
            return FALSE;
          return row_show_value (record, owned);
        }
    }
  return FALSE;
}

/**
 * nile_quick_roll_set_campaign_inputs:
 * @self: the quick roll
 * @inputs: (nullable): an a{sv} of inputs the campaign answers, such as
 *   its house rules ("house-poison-36"); a floating reference is sunk
 *
 * Shows @inputs in every roll that has them, now and whenever another
 * roll is picked.
 */
void
nile_quick_roll_set_campaign_inputs (NileQuickRoll *self,
                                     GVariant      *inputs)
{
  g_return_if_fail (NILE_IS_QUICK_ROLL (self));
  g_return_if_fail (inputs == NULL || g_variant_is_of_type (inputs, G_VARIANT_TYPE_VARDICT));

  if (inputs != NULL)
    g_variant_ref_sink (inputs);
  g_clear_pointer (&self->campaign_inputs, g_variant_unref);
  self->campaign_inputs = inputs;
  fill_from_explorer (self);
}

const guint *
nile_quick_roll_get_entered (NileQuickRoll *self,
                             guint         *n_entered)
{
  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), NULL);

  *n_entered = self->entered->len;
  return (const guint *) self->entered->data;
}

const char *
nile_quick_roll_get_error (NileQuickRoll *self)
{
  g_return_val_if_fail (NILE_IS_QUICK_ROLL (self), NULL);
  return self->error;
}
